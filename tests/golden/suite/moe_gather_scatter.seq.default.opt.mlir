entry @moe_gather_scatter_Kt1_A2f16_1l0_2t1_p16_A3f16_3l0_4t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_A1i32_1t1_p16_A2f32_1l0_2t1_p16_I16_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i32>>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<i32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<i32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<ptr<f32>>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_11 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_14 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_1 = assume div_by<16>, %arg12 : tile<ptr<i32>>
  %assume_19 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %assume_20 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<i32>>
  %assume_21 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_4 = assume div_by<16>, %arg21 : tile<ptr<i32>>
  %assume_22 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_5 = assume div_by<16>, %arg24 : tile<ptr<f32>>
  %assume_23 = assume bounded<0, ?>, %arg25 : tile<i32>
  %assume_24 = assume bounded<0, ?>, %arg26 : tile<i32>
  %assume_25 = assume bounded<0, ?>, %arg27 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %cst_0_i32 = constant <i32: 0> : tile<16xi32>
  %tview = make_tensor_view %assume_0, shape = [%assume_14, %assume_15, %assume_16], strides = [%assume_17, %assume_18, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %cst_16_i32 = constant <i32: 16> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32_30 = constant <i32: 0> : tile<i32>
  %0 = exti %blockId_y signed : tile<i32> -> tile<i64>
  %1 = exti %assume_21 signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %0, %1, unsigned : tile<i64> -> tile<i1>
  %4 = offset %assume_3, %0 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %assume_31 = assume div_by<4>, %4 : tile<ptr<i32>>
  %result, %result_token = load_ptr_tko weak %assume_31, %2, %cst_0_i32_30 token=%tok : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %6 = exti %assume_22 signed : tile<i32> -> tile<i64>
  %7 = cmpi less_than %0, %6, unsigned : tile<i64> -> tile<i1>
  %9 = offset %assume_4, %0 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %assume_33 = assume div_by<4>, %9 : tile<ptr<i32>>
  %result_34, %result_token_35 = load_ptr_tko weak %assume_33, %7, %cst_0_i32_30 token=%tok : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %10 = muli %blockId_x, %cst_16_i32 : tile<i32>
  %11 = iota : tile<16xi32>
  %reshape = reshape %10 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<16xi32>
  %12 = addi %bcast, %11 : tile<16xi32>
  %reshape_36 = reshape %result_34 : tile<i32> -> tile<1xi32>
  %bcast_37 = broadcast %reshape_36 : tile<1xi32> -> tile<16xi32>
  %13 = cmpi less_than %12, %bcast_37, signed : tile<16xi32> -> tile<16xi1>
  %reshape_38 = reshape %result : tile<i32> -> tile<1xi32>
  %bcast_39 = broadcast %reshape_38 : tile<1xi32> -> tile<16xi32>
  %14 = addi %bcast_39, %12 : tile<16xi32>
  %15 = exti %14 signed : tile<16xi32> -> tile<16xi64>
  %16 = exti %assume_19 signed : tile<i32> -> tile<i64>
  %reshape_40 = reshape %16 : tile<i64> -> tile<1xi64>
  %bcast_41 = broadcast %reshape_40 : tile<1xi64> -> tile<16xi64>
  %17 = cmpi less_than %15, %bcast_41, unsigned : tile<16xi64> -> tile<16xi1>
  %reshape_42 = reshape %assume_1 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_43 = broadcast %reshape_42 : tile<1xptr<i32>> -> tile<16xptr<i32>>
  %19 = offset %bcast_43, %15 : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
  %20 = andi %17, %13 : tile<16xi1>
  %result_44, %result_token_45 = load_ptr_tko weak %19, %20, %cst_0_i32 token=%tok : tile<16xptr<i32>>, tile<16xi1>, tile<16xi32> -> tile<16xi32>, token
  %22 = exti %assume_20 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %22 : tile<i64> -> tile<1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1xi64> -> tile<16xi64>
  %23 = cmpi less_than %15, %bcast_47, unsigned : tile<16xi64> -> tile<16xi1>
  %reshape_48 = reshape %assume_2 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_49 = broadcast %reshape_48 : tile<1xptr<f32>> -> tile<16xptr<f32>>
  %25 = offset %bcast_49, %15 : tile<16xptr<f32>>, tile<16xi64> -> tile<16xptr<f32>>
  %26 = andi %23, %13 : tile<16xi1>
  %bcast_51 = constant <f32: 0.000000e+00> : tile<16xf32>
  %result_52, %result_token_53 = load_ptr_tko weak %25, %26, %bcast_51 token=%tok : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
  %27 = divi %assume_16, %cst_32_i32 signed rounding<positive_inf> : tile<i32>
  %28 = iota : tile<32xi32>
  %cst_0_f32_56 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %29 = divi %assume_12, %cst_32_i32 signed rounding<positive_inf> : tile<i32>
  %reshape_59 = reshape %result_44 : tile<16xi32> -> tile<16x1xi32>
  %reshape_60 = reshape %13 : tile<16xi1> -> tile<16x1xi1>
  %31 = exti %reshape_59 signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast_61 = broadcast %31 : tile<16x1xi64> -> tile<16x32xi64>
  %32 = exti %assume_11 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %32 : tile<i64> -> tile<1x1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1x1xi64> -> tile<16x32xi64>
  %33 = cmpi less_than %bcast_61, %bcast_63, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %34 = exti %assume_13 signed : tile<i32> -> tile<i64>
  %reshape_64 = reshape %34 : tile<i64> -> tile<1x1xi64>
  %bcast_65 = broadcast %reshape_64 : tile<1x1xi64> -> tile<16x32xi64>
  %35 = muli %bcast_61, %bcast_65 : tile<16x32xi64>
  %36 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_66 = reshape %36 : tile<i64> -> tile<1x1xi64>
  %bcast_67 = broadcast %reshape_66 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_68 = reshape %assume : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_69 = broadcast %reshape_68 : tile<1x1xptr<f16>> -> tile<16x32xptr<f16>>
  %bcast_70 = broadcast %reshape_60 : tile<16x1xi1> -> tile<16x32xi1>
  %bcast_72 = constant <f16: 0.000000e+00> : tile<16x32xf16>
  %pview = make_partition_view %tview : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %reshape_74 = reshape %result_52 : tile<16xf32> -> tile<16x1xf32>
  %bcast_75 = broadcast %reshape_74 : tile<16x1xf32> -> tile<16x32xf32>
  %38 = exti %assume_23 signed : tile<i32> -> tile<i64>
  %reshape_78 = reshape %38 : tile<i64> -> tile<1x1xi64>
  %bcast_79 = broadcast %reshape_78 : tile<1x1xi64> -> tile<16x32xi64>
  %39 = cmpi less_than %bcast_61, %bcast_79, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %40 = exti %assume_25 signed : tile<i32> -> tile<i64>
  %reshape_80 = reshape %40 : tile<i64> -> tile<1x1xi64>
  %bcast_81 = broadcast %reshape_80 : tile<1x1xi64> -> tile<16x32xi64>
  %41 = muli %bcast_61, %bcast_81 : tile<16x32xi64>
  %42 = exti %assume_24 signed : tile<i32> -> tile<i64>
  %reshape_82 = reshape %42 : tile<i64> -> tile<1x1xi64>
  %bcast_83 = broadcast %reshape_82 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_84 = reshape %assume_5 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_85 = broadcast %reshape_84 : tile<1x1xptr<f32>> -> tile<16x32xptr<f32>>
  for %loopIdx in (%cst_0_i32_30 to %27, step %cst_1_i32) : tile<i32> {
    %43 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_87 = reshape %43 : tile<i32> -> tile<1xi32>
    %bcast_88 = broadcast %reshape_87 : tile<1xi32> -> tile<32xi32>
    %44 = addi %bcast_88, %28 : tile<32xi32>
    %for = for %loopIdx_91 in (%cst_0_i32_30 to %29, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_56) -> (tile<16x32xf32>) {
      %54 = muli %loopIdx_91, %cst_32_i32 : tile<i32>
      %reshape_92 = reshape %54 : tile<i32> -> tile<1xi32>
      %bcast_93 = broadcast %reshape_92 : tile<1xi32> -> tile<32xi32>
      %55 = addi %bcast_93, %28 : tile<32xi32>
      %reshape_94 = reshape %55 : tile<32xi32> -> tile<1x32xi32>
      %56 = exti %reshape_94 signed : tile<1x32xi32> -> tile<1x32xi64>
      %bcast_95 = broadcast %56 : tile<1x32xi64> -> tile<16x32xi64>
      %57 = cmpi less_than %bcast_95, %bcast_67, unsigned : tile<16x32xi64> -> tile<16x32xi1>
      %58 = andi %33, %57 : tile<16x32xi1>
      %60 = addi %35, %bcast_95 : tile<16x32xi64>
      %61 = offset %bcast_69, %60 : tile<16x32xptr<f16>>, tile<16x32xi64> -> tile<16x32xptr<f16>>
      %62 = andi %58, %bcast_70 : tile<16x32xi1>
      %result_96, %result_token_97 = load_ptr_tko weak %61, %62, %bcast_72 token=%tok : tile<16x32xptr<f16>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf16>, token
      %tile, %result_token_98 = load_view_tko weak %pview[%blockId_y, %loopIdx_91, %loopIdx] token = %tok : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x32x32xf16>, token
      %reshape_99 = reshape %tile : tile<1x32x32xf16> -> tile<32x32xf16>
      %63 = mmaf %result_96, %reshape_99, %iterArg0 : tile<16x32xf16>, tile<32x32xf16>, tile<16x32xf32>
      continue %63 : tile<16x32xf32>
    }
    %reshape_89 = reshape %44 : tile<32xi32> -> tile<1x32xi32>
    %45 = mulf %for, %bcast_75 : tile<16x32xf32>
    %46 = exti %reshape_89 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_90 = broadcast %46 : tile<1x32xi64> -> tile<16x32xi64>
    %47 = cmpi less_than %bcast_90, %bcast_83, unsigned : tile<16x32xi64> -> tile<16x32xi1>
    %48 = andi %39, %47 : tile<16x32xi1>
    %50 = addi %41, %bcast_90 : tile<16x32xi64>
    %51 = offset %bcast_85, %50 : tile<16x32xptr<f32>>, tile<16x32xi64> -> tile<16x32xptr<f32>>
    %52 = andi %48, %bcast_70 : tile<16x32xi1>
    %53 = store_ptr_tko weak %51, %45, %52 token=%tok : tile<16x32xptr<f32>>, tile<16x32xf32>, tile<16x32xi1> -> token
  }
  return
}
