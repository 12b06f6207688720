entry @splitk_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_10 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_9 = make_tensor_view %assume_0, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %0, %20 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %pview_20 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_21 = make_partition_view %tview_9 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %for, %tok_for = for %loopIdx in (%blockId_z to %20, step %gridSize_z) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %tok_0 = %tok) -> (tile<32x32xf32>, token) {
    %tile, %result_token_36 = load_view_tko weak %pview_20[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
    %tile_37, %result_token_38 = load_view_tko weak %pview_21[%loopIdx, %blockId_y] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
    %result_token_38_join = join_tokens %result_token_38, %result_token_36, %tok_0 : token
    %19 = mmaf %tile, %tile_37, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
    continue %19, %result_token_38_join : tile<32x32xf32>, token
  }
  %1 = muli %blockId_x, %cst_32_i32 : tile<i32>
  %2 = iota : tile<32xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<32xi32>
  %3 = addi %bcast, %2 : tile<32xi32>
  %4 = muli %blockId_y, %cst_32_i32 : tile<i32>
  %reshape_22 = reshape %4 : tile<i32> -> tile<1xi32>
  %bcast_23 = broadcast %reshape_22 : tile<1xi32> -> tile<32xi32>
  %6 = addi %bcast_23, %2 : tile<32xi32>
  %reshape_24 = reshape %3 : tile<32xi32> -> tile<32x1xi32>
  %reshape_25 = reshape %6 : tile<32xi32> -> tile<1x32xi32>
  %7 = exti %reshape_24 signed : tile<32x1xi32> -> tile<32x1xi64>
  %bcast_26 = broadcast %7 : tile<32x1xi64> -> tile<32x32xi64>
  %8 = exti %assume_10 signed : tile<i32> -> tile<i64>
  %reshape_27 = reshape %8 : tile<i64> -> tile<1x1xi64>
  %bcast_28 = broadcast %reshape_27 : tile<1x1xi64> -> tile<32x32xi64>
  %9 = cmpi less_than %bcast_26, %bcast_28, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %10 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_29 = reshape %10 : tile<i64> -> tile<1x1xi64>
  %bcast_30 = broadcast %reshape_29 : tile<1x1xi64> -> tile<32x32xi64>
  %11 = muli %bcast_26, %bcast_30 : tile<32x32xi64>
  %12 = exti %reshape_25 signed : tile<1x32xi32> -> tile<1x32xi64>
  %bcast_31 = broadcast %12 : tile<1x32xi64> -> tile<32x32xi64>
  %13 = exti %assume_11 signed : tile<i32> -> tile<i64>
  %reshape_32 = reshape %13 : tile<i64> -> tile<1x1xi64>
  %bcast_33 = broadcast %reshape_32 : tile<1x1xi64> -> tile<32x32xi64>
  %14 = cmpi less_than %bcast_31, %bcast_33, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %15 = andi %9, %14 : tile<32x32xi1>
  %17 = addi %11, %bcast_31 : tile<32x32xi64>
  %reshape_34 = reshape %assume_1 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_35 = broadcast %reshape_34 : tile<1x1xptr<f32>> -> tile<32x32xptr<f32>>
  %18 = offset %bcast_35, %17 : tile<32x32xptr<f32>>, tile<32x32xi64> -> tile<32x32xptr<f32>>
  %result, %result_token = atomic_rmw_tko acq_rel device %18, addf, %for, %15 token=%tok_for : tile<32x32xptr<f32>>, tile<32x32xf32>, tile<32x32xi1> -> tile<32x32xf32>, token
  return
}
