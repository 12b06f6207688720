entry @moe_gather_scatter_Kt1_A2f16_1l0_2t1_p16_A3f16_3l0_4t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_A1i32_1t1_p16_A2f32_1l0_2t1_p16_I16_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i32>>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<i32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<i32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<ptr<f32>>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume bounded<0, ?>, %arg9 : tile<i32>
  %9 = assume bounded<0, ?>, %arg10 : tile<i32>
  %10 = assume div_by<16>, %arg12 : tile<ptr<i32>>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume div_by<16>, %arg18 : tile<ptr<i32>>
  %15 = assume bounded<0, ?>, %arg19 : tile<i32>
  %16 = assume div_by<16>, %arg21 : tile<ptr<i32>>
  %17 = assume bounded<0, ?>, %arg22 : tile<i32>
  %18 = assume div_by<16>, %arg24 : tile<ptr<f32>>
  %19 = assume bounded<0, ?>, %arg25 : tile<i32>
  %20 = assume bounded<0, ?>, %arg26 : tile<i32>
  %21 = assume bounded<0, ?>, %arg27 : tile<i32>
  %22 = constant <i32: 1> : tile<i32>
  %cst_0_i32_30 = constant <i32: 0> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %23 = divi %7, %cst_32_i32 signed rounding<positive_inf> : tile<i32>
  %tok = make_token : token
  %24, %25, %26 = get_tile_block_id : tile<i32>
  %27 = exti %25 signed : tile<i32> -> tile<i64>
  %28 = offset %14, %27 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %29 = assume div_by<4>, %28 : tile<ptr<i32>>
  %30 = exti %15 signed : tile<i32> -> tile<i64>
  %31 = cmpi less_than %27, %30, unsigned : tile<i64> -> tile<i1>
  %32, %33 = load_ptr_tko weak %29, %31, %cst_0_i32_30 token=%tok : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %34 = offset %16, %27 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %35 = assume div_by<4>, %34 : tile<ptr<i32>>
  %36 = exti %17 signed : tile<i32> -> tile<i64>
  %37 = cmpi less_than %27, %36, unsigned : tile<i64> -> tile<i1>
  %38, %39 = load_ptr_tko weak %35, %37, %cst_0_i32_30 token=%tok : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
  %reshape_42 = reshape %10 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_43 = broadcast %reshape_42 : tile<1xptr<i32>> -> tile<16xptr<i32>>
  %reshape_38 = reshape %32 : tile<i32> -> tile<1xi32>
  %bcast_39 = broadcast %reshape_38 : tile<1xi32> -> tile<16xi32>
  %cst_16_i32 = constant <i32: 16> : tile<i32>
  %40 = muli %24, %cst_16_i32 : tile<i32>
  %reshape = reshape %40 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<16xi32>
  %41 = iota : tile<16xi32>
  %42 = addi %bcast, %41 : tile<16xi32>
  %43 = addi %bcast_39, %42 : tile<16xi32>
  %44 = exti %43 signed : tile<16xi32> -> tile<16xi64>
  %45 = offset %bcast_43, %44 : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
  %46 = exti %11 signed : tile<i32> -> tile<i64>
  %reshape_40 = reshape %46 : tile<i64> -> tile<1xi64>
  %bcast_41 = broadcast %reshape_40 : tile<1xi64> -> tile<16xi64>
  %47 = cmpi less_than %44, %bcast_41, unsigned : tile<16xi64> -> tile<16xi1>
  %reshape_36 = reshape %38 : tile<i32> -> tile<1xi32>
  %bcast_37 = broadcast %reshape_36 : tile<1xi32> -> tile<16xi32>
  %48 = cmpi less_than %42, %bcast_37, signed : tile<16xi32> -> tile<16xi1>
  %49 = andi %47, %48 : tile<16xi1>
  %cst_0_i32 = constant <i32: 0> : tile<16xi32>
  %50, %51 = load_ptr_tko weak %45, %49, %cst_0_i32 token=%tok : tile<16xptr<i32>>, tile<16xi1>, tile<16xi32> -> tile<16xi32>, token
  %reshape_48 = reshape %12 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_49 = broadcast %reshape_48 : tile<1xptr<f32>> -> tile<16xptr<f32>>
  %52 = offset %bcast_49, %44 : tile<16xptr<f32>>, tile<16xi64> -> tile<16xptr<f32>>
  %53 = exti %13 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %53 : tile<i64> -> tile<1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1xi64> -> tile<16xi64>
  %54 = cmpi less_than %44, %bcast_47, unsigned : tile<16xi64> -> tile<16xi1>
  %55 = andi %54, %48 : tile<16xi1>
  %bcast_51 = constant <f32: 0.000000e+00> : tile<16xf32>
  %56, %57 = load_ptr_tko weak %52, %55, %bcast_51 token=%tok : tile<16xptr<f32>>, tile<16xi1>, tile<16xf32> -> tile<16xf32>, token
  %58 = divi %2, %cst_32_i32 signed rounding<positive_inf> : tile<i32>
  %cst_0_f32_56 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %reshape_68 = reshape %0 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_69 = broadcast %reshape_68 : tile<1x1xptr<f16>> -> tile<16x32xptr<f16>>
  %reshape_59 = reshape %50 : tile<16xi32> -> tile<16x1xi32>
  %59 = exti %reshape_59 signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast_61 = broadcast %59 : tile<16x1xi64> -> tile<16x32xi64>
  %60 = exti %3 signed : tile<i32> -> tile<i64>
  %reshape_64 = reshape %60 : tile<i64> -> tile<1x1xi64>
  %bcast_65 = broadcast %reshape_64 : tile<1x1xi64> -> tile<16x32xi64>
  %61 = muli %bcast_61, %bcast_65 : tile<16x32xi64>
  %62 = iota : tile<32xi32>
  %63 = exti %1 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %63 : tile<i64> -> tile<1x1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1x1xi64> -> tile<16x32xi64>
  %64 = cmpi less_than %bcast_61, %bcast_63, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %65 = exti %2 signed : tile<i32> -> tile<i64>
  %reshape_66 = reshape %65 : tile<i64> -> tile<1x1xi64>
  %bcast_67 = broadcast %reshape_66 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_60 = reshape %48 : tile<16xi1> -> tile<16x1xi1>
  %bcast_70 = broadcast %reshape_60 : tile<16x1xi1> -> tile<16x32xi1>
  %bcast_72 = constant <f16: 0.000000e+00> : tile<16x32xf16>
  %tview = make_tensor_view %4, shape = [%5, %6, %7], strides = [%8, %9, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %reshape_84 = reshape %18 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_85 = broadcast %reshape_84 : tile<1x1xptr<f32>> -> tile<16x32xptr<f32>>
  %66 = exti %21 signed : tile<i32> -> tile<i64>
  %reshape_80 = reshape %66 : tile<i64> -> tile<1x1xi64>
  %bcast_81 = broadcast %reshape_80 : tile<1x1xi64> -> tile<16x32xi64>
  %67 = muli %bcast_61, %bcast_81 : tile<16x32xi64>
  %reshape_74 = reshape %56 : tile<16xf32> -> tile<16x1xf32>
  %bcast_75 = broadcast %reshape_74 : tile<16x1xf32> -> tile<16x32xf32>
  %68 = exti %19 signed : tile<i32> -> tile<i64>
  %reshape_78 = reshape %68 : tile<i64> -> tile<1x1xi64>
  %bcast_79 = broadcast %reshape_78 : tile<1x1xi64> -> tile<16x32xi64>
  %69 = cmpi less_than %bcast_61, %bcast_79, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %70 = exti %20 signed : tile<i32> -> tile<i64>
  %reshape_82 = reshape %70 : tile<i64> -> tile<1x1xi64>
  %bcast_83 = broadcast %reshape_82 : tile<1x1xi64> -> tile<16x32xi64>
  for %loopIdx in (%cst_0_i32_30 to %23, step %22) : tile<i32> {
    %71 = for %loopIdx_91 in (%cst_0_i32_30 to %58, step %22) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_56) -> (tile<16x32xf32>) {
      %82 = muli %loopIdx_91, %cst_32_i32 : tile<i32>
      %reshape_92 = reshape %82 : tile<i32> -> tile<1xi32>
      %bcast_93 = broadcast %reshape_92 : tile<1xi32> -> tile<32xi32>
      %83 = addi %bcast_93, %62 : tile<32xi32>
      %reshape_94 = reshape %83 : tile<32xi32> -> tile<1x32xi32>
      %84 = exti %reshape_94 signed : tile<1x32xi32> -> tile<1x32xi64>
      %bcast_95 = broadcast %84 : tile<1x32xi64> -> tile<16x32xi64>
      %85 = addi %61, %bcast_95 : tile<16x32xi64>
      %86 = offset %bcast_69, %85 : tile<16x32xptr<f16>>, tile<16x32xi64> -> tile<16x32xptr<f16>>
      %87 = cmpi less_than %bcast_95, %bcast_67, unsigned : tile<16x32xi64> -> tile<16x32xi1>
      %88 = andi %64, %87 : tile<16x32xi1>
      %89 = andi %88, %bcast_70 : tile<16x32xi1>
      %90, %91 = load_ptr_tko weak %86, %89, %bcast_72 token=%tok : tile<16x32xptr<f16>>, tile<16x32xi1>, tile<16x32xf16> -> tile<16x32xf16>, token
      %92, %93 = load_view_tko weak %pview[%25, %loopIdx_91, %loopIdx] token = %tok : partition_view<tile=(1x32x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x32x32xf16>, token
      %reshape_99 = reshape %92 : tile<1x32x32xf16> -> tile<32x32xf16>
      %94 = mmaf %90, %reshape_99, %iterArg0 : tile<16x32xf16>, tile<32x32xf16>, tile<16x32xf32>
      continue %94 : tile<16x32xf32>
    }
    %72 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_87 = reshape %72 : tile<i32> -> tile<1xi32>
    %bcast_88 = broadcast %reshape_87 : tile<1xi32> -> tile<32xi32>
    %73 = addi %bcast_88, %62 : tile<32xi32>
    %reshape_89 = reshape %73 : tile<32xi32> -> tile<1x32xi32>
    %74 = exti %reshape_89 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_90 = broadcast %74 : tile<1x32xi64> -> tile<16x32xi64>
    %75 = addi %67, %bcast_90 : tile<16x32xi64>
    %76 = offset %bcast_85, %75 : tile<16x32xptr<f32>>, tile<16x32xi64> -> tile<16x32xptr<f32>>
    %77 = mulf %71, %bcast_75 : tile<16x32xf32>
    %78 = cmpi less_than %bcast_90, %bcast_83, unsigned : tile<16x32xi64> -> tile<16x32xi1>
    %79 = andi %69, %78 : tile<16x32xi1>
    %80 = andi %79, %bcast_70 : tile<16x32xi1>
    %81 = store_ptr_tko weak %76, %77, %80 token=%tok : tile<16x32xptr<f32>>, tile<16x32xf32>, tile<16x32xi1> -> token
  }
  return
}
