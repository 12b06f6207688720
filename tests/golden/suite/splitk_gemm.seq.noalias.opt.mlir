entry @splitk_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12, %13, %14 = get_tile_block_id : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %15:2 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %16, %17, %18 = get_num_tile_blocks : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %tok = make_token : token
  %pview_20 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %tview_9 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_21 = make_partition_view %tview_9 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %19:2 = for %loopIdx in (%14 to %15#1, step %18) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %tok_0 = %tok) -> (tile<32x32xf32>, token) {
    %38, %39 = load_view_tko weak %pview_20[%12, %loopIdx] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
    %40, %41 = load_view_tko weak %pview_21[%loopIdx, %13] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
    %result_token_38 = join_tokens %41, %39, %tok_0 : token
    %42 = mmaf %38, %40, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
    continue %42, %result_token_38 : tile<32x32xf32>, token
  }
  %reshape_34 = reshape %8 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_35 = broadcast %reshape_34 : tile<1x1xptr<f32>> -> tile<32x32xptr<f32>>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %20 = muli %12, %cst_32_i32 : tile<i32>
  %reshape = reshape %20 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<32xi32>
  %21 = iota : tile<32xi32>
  %22 = addi %bcast, %21 : tile<32xi32>
  %reshape_24 = reshape %22 : tile<32xi32> -> tile<32x1xi32>
  %23 = exti %reshape_24 signed : tile<32x1xi32> -> tile<32x1xi64>
  %bcast_26 = broadcast %23 : tile<32x1xi64> -> tile<32x32xi64>
  %24 = exti %11 signed : tile<i32> -> tile<i64>
  %reshape_29 = reshape %24 : tile<i64> -> tile<1x1xi64>
  %bcast_30 = broadcast %reshape_29 : tile<1x1xi64> -> tile<32x32xi64>
  %25 = muli %bcast_26, %bcast_30 : tile<32x32xi64>
  %26 = muli %13, %cst_32_i32 : tile<i32>
  %reshape_22 = reshape %26 : tile<i32> -> tile<1xi32>
  %bcast_23 = broadcast %reshape_22 : tile<1xi32> -> tile<32xi32>
  %27 = addi %bcast_23, %21 : tile<32xi32>
  %reshape_25 = reshape %27 : tile<32xi32> -> tile<1x32xi32>
  %28 = exti %reshape_25 signed : tile<1x32xi32> -> tile<1x32xi64>
  %bcast_31 = broadcast %28 : tile<1x32xi64> -> tile<32x32xi64>
  %29 = addi %25, %bcast_31 : tile<32x32xi64>
  %30 = offset %bcast_35, %29 : tile<32x32xptr<f32>>, tile<32x32xi64> -> tile<32x32xptr<f32>>
  %31 = exti %9 signed : tile<i32> -> tile<i64>
  %reshape_27 = reshape %31 : tile<i64> -> tile<1x1xi64>
  %bcast_28 = broadcast %reshape_27 : tile<1x1xi64> -> tile<32x32xi64>
  %32 = cmpi less_than %bcast_26, %bcast_28, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %33 = exti %10 signed : tile<i32> -> tile<i64>
  %reshape_32 = reshape %33 : tile<i64> -> tile<1x1xi64>
  %bcast_33 = broadcast %reshape_32 : tile<1x1xi64> -> tile<32x32xi64>
  %34 = cmpi less_than %bcast_31, %bcast_33, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %35 = andi %32, %34 : tile<32x32xi1>
  %36, %37 = atomic_rmw_tko acq_rel device %30, addf, %19#0, %35 token=%19#1 : tile<32x32xptr<f32>>, tile<32x32xf32>, tile<32x32xi1> -> tile<32x32xf32>, token
  return
}
