entry @moe_gather_scatter_Kt1_A2f16_1l0_2t1_p16_A3f16_3l0_4t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_A1i32_1t1_p16_A2f32_1l0_2t1_p16_I16_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i32>>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<i32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<i32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<ptr<f32>>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_1 = assume div_by<16>, %arg12 : tile<ptr<i32>>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<i32>>
  %assume_4 = assume div_by<16>, %arg21 : tile<ptr<i32>>
  %assume_5 = assume div_by<16>, %arg24 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_6 = constant <i64: 1> : tile<i64>
  %cst_1_i64_7 = constant <i64: 1> : tile<16xi64>
  %cst_0_i32 = constant <i32: 0> : tile<16xi32>
  %cst_1_i64_8 = constant <i64: 1> : tile<16xi64>
  %cst_1_i64_9 = constant <i64: 1> : tile<16x32xi64>
  %cst_1_i64_10 = constant <i64: 1> : tile<16x32xi64>
  %assume_11 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview = make_tensor_view %assume_0, shape = [%assume_14, %assume_15, %assume_16], strides = [%assume_17, %assume_18, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_19 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_21 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_22 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_23 = assume bounded<0, ?>, %arg25 : tile<i32>
  %assume_24 = assume bounded<0, ?>, %arg26 : tile<i32>
  %assume_25 = assume bounded<0, ?>, %arg27 : tile<i32>
  %cst_16_i32 = constant <i32: 16> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %cst_32_i32_26 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_27, %blockId_y_28, %blockId_z_29 = get_tile_block_id : tile<i32>
  %cst_0_i32_30 = constant <i32: 0> : tile<i32>
  %1 = exti %blockId_y_28 signed : tile<i32> -> tile<i64>
  %2 = exti %assume_21 signed : tile<i32> -> tile<i64>
  %3 = cmpi less_than %1, %2, unsigned : tile<i64> -> tile<i1>
  %4 = muli %1, %cst_1_i64 : tile<i64>
  %5 = offset %assume_3, %4 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %assume_31 = assume div_by<4>, %5 : tile<ptr<i32>>
  %result, %result_token = load_ptr_tko weak %assume_31, %3, %cst_0_i32_30 token=%0 : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %cst_0_i32_32 = constant <i32: 0> : tile<i32>
  %6 = exti %blockId_y_28 signed : tile<i32> -> tile<i64>
  %7 = exti %assume_22 signed : tile<i32> -> tile<i64>
  %8 = cmpi less_than %6, %7, unsigned : tile<i64> -> tile<i1>
  %9 = muli %6, %cst_1_i64_6 : tile<i64>
  %10 = offset %assume_4, %9 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %assume_33 = assume div_by<4>, %10 : tile<ptr<i32>>
  %result_34, %result_token_35 = load_ptr_tko weak %assume_33, %8, %cst_0_i32_32 token=%0 : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %11 = muli %blockId_x, %cst_16_i32 : tile<i32>
  %12 = iota : tile<16xi32>
  %reshape = reshape %11 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<16xi32>
  %13 = addi %bcast, %12 : tile<16xi32>
  %reshape_36 = reshape %result_34 : tile<i32> -> tile<1xi32>
  %bcast_37 = broadcast %reshape_36 : tile<1xi32> -> tile<16xi32>
  %14 = cmpi less_than %13, %bcast_37, signed : tile<16xi32> -> tile<16xi1>
  %reshape_38 = reshape %result : tile<i32> -> tile<1xi32>
  %bcast_39 = broadcast %reshape_38 : tile<1xi32> -> tile<16xi32>
  %15 = addi %bcast_39, %13 : tile<16xi32>
  %16 = exti %15 signed : tile<16xi32> -> tile<16xi64>
  %17 = exti %assume_19 signed : tile<i32> -> tile<i64>
  %reshape_40 = reshape %17 : tile<i64> -> tile<1xi64>
  %bcast_41 = broadcast %reshape_40 : tile<1xi64> -> tile<16xi64>
  %18 = cmpi less_than %16, %bcast_41, unsigned : tile<16xi64> -> tile<16xi1>
  %19 = muli %16, %cst_1_i64_7 : tile<16xi64>
  %reshape_42 = reshape %assume_1 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_43 = broadcast %reshape_42 : tile<1xptr<i32>> -> tile<16xptr<i32>>
  %20 = offset %bcast_43, %19 : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
  %21 = andi %18, %14 : tile<16xi1>
  %result_44, %result_token_45 = load_ptr_tko weak %20, %21, %cst_0_i32 token=%0 : tile<16xptr<i32>>, tile<16xi1>, tile<16xi32> -> tile<16xi32>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %22 = exti %15 signed : tile<16xi32> -> tile<16xi64>
  %23 = exti %assume_20 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %23 : tile<i64> -> tile<1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1xi64> -> tile<16xi64>
  %24 = cmpi less_than %22, %bcast_47, unsigned : tile<16xi64> -> tile<16xi1>
  %25 = muli %22, %cst_1_i64_8 : tile<16xi64>
  %reshape_48 = reshape %assume_2 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_49 = broadcast %reshape_48 : tile<1xptr<f32>> -> tile<16xptr<f32>>
  %26 = offset %bcast_49, %25 : tile<16xptr<f32>>, tile<16xi64> -> tile<16xptr<f32>>
  %27 = andi %24, %14 : tile<16xi1>
  %reshape_50 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast_51 = broadcast %reshape_50 : tile<1xf32> -> tile<16xf32>
  %result_52, %result_token_53 = load_ptr_tko weak %26, %27, %bcast_51 token=%0 : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
  %28 = divi %assume_16, %cst_32_i32_26 signed rounding<positive_inf> : tile<i32>
  %cst_0_i32_54 = constant <i32: 0> : tile<i32>
  %cst_1_i32_55 = constant <i32: 1> : tile<i32>
  %29 = iota : tile<32xi32>
  %cst_0_f32_56 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %30 = divi %assume_12, %cst_32_i32 signed rounding<positive_inf> : tile<i32>
  %cst_0_i32_57 = constant <i32: 0> : tile<i32>
  %cst_1_i32_58 = constant <i32: 1> : tile<i32>
  %31 = iota : tile<32xi32>
  %reshape_59 = reshape %result_44 : tile<16xi32> -> tile<16x1xi32>
  %reshape_60 = reshape %14 : tile<16xi1> -> tile<16x1xi1>
  %32 = exti %reshape_59 signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast_61 = broadcast %32 : tile<16x1xi64> -> tile<16x32xi64>
  %33 = exti %assume_11 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %33 : tile<i64> -> tile<1x1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1x1xi64> -> tile<16x32xi64>
  %34 = cmpi less_than %bcast_61, %bcast_63, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %35 = exti %assume_13 signed : tile<i32> -> tile<i64>
  %reshape_64 = reshape %35 : tile<i64> -> tile<1x1xi64>
  %bcast_65 = broadcast %reshape_64 : tile<1x1xi64> -> tile<16x32xi64>
  %36 = muli %bcast_61, %bcast_65 : tile<16x32xi64>
  %37 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_66 = reshape %37 : tile<i64> -> tile<1x1xi64>
  %bcast_67 = broadcast %reshape_66 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_68 = reshape %assume : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_69 = broadcast %reshape_68 : tile<1x1xptr<f16>> -> tile<16x32xptr<f16>>
  %bcast_70 = broadcast %reshape_60 : tile<16x1xi1> -> tile<16x32xi1>
  %cst_0_f16 = constant <f16: 0.000000e+00> : tile<f16>
  %reshape_71 = reshape %cst_0_f16 : tile<f16> -> tile<1x1xf16>
  %bcast_72 = broadcast %reshape_71 : tile<1x1xf16> -> tile<16x32xf16>
  %pview = make_partition_view %tview : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %reshape_73 = reshape %result_44 : tile<16xi32> -> tile<16x1xi32>
  %reshape_74 = reshape %result_52 : tile<16xf32> -> tile<16x1xf32>
  %bcast_75 = broadcast %reshape_74 : tile<16x1xf32> -> tile<16x32xf32>
  %reshape_76 = reshape %14 : tile<16xi1> -> tile<16x1xi1>
  %38 = exti %reshape_73 signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast_77 = broadcast %38 : tile<16x1xi64> -> tile<16x32xi64>
  %39 = exti %assume_23 signed : tile<i32> -> tile<i64>
  %reshape_78 = reshape %39 : tile<i64> -> tile<1x1xi64>
  %bcast_79 = broadcast %reshape_78 : tile<1x1xi64> -> tile<16x32xi64>
  %40 = cmpi less_than %bcast_77, %bcast_79, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %41 = exti %assume_25 signed : tile<i32> -> tile<i64>
  %reshape_80 = reshape %41 : tile<i64> -> tile<1x1xi64>
  %bcast_81 = broadcast %reshape_80 : tile<1x1xi64> -> tile<16x32xi64>
  %42 = muli %bcast_77, %bcast_81 : tile<16x32xi64>
  %43 = exti %assume_24 signed : tile<i32> -> tile<i64>
  %reshape_82 = reshape %43 : tile<i64> -> tile<1x1xi64>
  %bcast_83 = broadcast %reshape_82 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_84 = reshape %assume_5 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_85 = broadcast %reshape_84 : tile<1x1xptr<f32>> -> tile<16x32xptr<f32>>
  %bcast_86 = broadcast %reshape_76 : tile<16x1xi1> -> tile<16x32xi1>
  %for = for %loopIdx in (%cst_0_i32_54 to %28, step %cst_1_i32_55) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %44 = muli %loopIdx, %cst_32_i32_26 : tile<i32>
    %reshape_87 = reshape %44 : tile<i32> -> tile<1xi32>
    %bcast_88 = broadcast %reshape_87 : tile<1xi32> -> tile<32xi32>
    %45 = addi %bcast_88, %29 : tile<32xi32>
    %for_89 = for %loopIdx_92 in (%cst_0_i32_57 to %30, step %cst_1_i32_58) : tile<i32> iter_values(%iterArg0_93 = %cst_0_f32_56) -> (tile<16x32xf32>) {
      %55 = muli %loopIdx_92, %cst_32_i32 : tile<i32>
      %reshape_94 = reshape %55 : tile<i32> -> tile<1xi32>
      %bcast_95 = broadcast %reshape_94 : tile<1xi32> -> tile<32xi32>
      %56 = addi %bcast_95, %31 : tile<32xi32>
      %reshape_96 = reshape %56 : tile<32xi32> -> tile<1x32xi32>
      %57 = exti %reshape_96 signed : tile<1x32xi32> -> tile<1x32xi64>
      %bcast_97 = broadcast %57 : tile<1x32xi64> -> tile<16x32xi64>
      %58 = cmpi less_than %bcast_97, %bcast_67, unsigned : tile<16x32xi64> -> tile<16x32xi1>
      %59 = andi %34, %58 : tile<16x32xi1>
      %60 = muli %bcast_97, %cst_1_i64_9 : tile<16x32xi64>
      %61 = addi %36, %60 : tile<16x32xi64>
      %62 = offset %bcast_69, %61 : tile<16x32xptr<f16>>, tile<16x32xi64> -> tile<16x32xptr<f16>>
      %63 = andi %59, %bcast_70 : tile<16x32xi1>
      %result_98, %result_token_99 = load_ptr_tko weak %62, %63, %bcast_72 token=%0 : tile<16x32xptr<f16>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf16>, token
      %tile, %result_token_100 = load_view_tko weak %pview[%blockId_y_28, %loopIdx_92, %loopIdx] token = %0 : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x32x32xf16>, token
      %reshape_101 = reshape %tile : tile<1x32x32xf16> -> tile<32x32xf16>
      %64 = mmaf %result_98, %reshape_101, %iterArg0_93 : tile<16x32xf16>, tile<32x32xf16>, tile<16x32xf32>
      continue %64 : tile<16x32xf32>
    }
    %reshape_90 = reshape %45 : tile<32xi32> -> tile<1x32xi32>
    %46 = mulf %for_89, %bcast_75  : tile<16x32xf32>
    %47 = exti %reshape_90 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_91 = broadcast %47 : tile<1x32xi64> -> tile<16x32xi64>
    %48 = cmpi less_than %bcast_91, %bcast_83, unsigned : tile<16x32xi64> -> tile<16x32xi1>
    %49 = andi %40, %48 : tile<16x32xi1>
    %50 = muli %bcast_91, %cst_1_i64_10 : tile<16x32xi64>
    %51 = addi %42, %50 : tile<16x32xi64>
    %52 = offset %bcast_85, %51 : tile<16x32xptr<f32>>, tile<16x32xi64> -> tile<16x32xptr<f32>>
    %53 = andi %49, %bcast_86 : tile<16x32xi1>
    %54 = store_ptr_tko weak %52, %46, %53 token=%iterArg0 : tile<16x32xptr<f32>>, tile<16x32xf32>, tile<16x32xi1> -> token
    continue %54 : token
  }
  return
}
