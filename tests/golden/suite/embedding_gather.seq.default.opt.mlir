entry @embedding_gather_Kt1_A1i32_1t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_Sf32_I16_I32(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %assume_7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %tok : partition_view<tile=(16), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
  %pview_11 = make_partition_view %tview_10 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %18 = get_index_space_shape %pview_11 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %1 = iota : tile<32xi32>
  %reshape = reshape %tile : tile<16xi32> -> tile<16x1xi32>
  %2 = exti %reshape signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast = broadcast %2 : tile<16x1xi64> -> tile<16x32xi64>
  %3 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %reshape_13 = reshape %3 : tile<i64> -> tile<1x1xi64>
  %bcast_14 = broadcast %reshape_13 : tile<1x1xi64> -> tile<16x32xi64>
  %4 = cmpi less_than %bcast, %bcast_14, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %5 = exti %assume_6 signed : tile<i32> -> tile<i64>
  %reshape_15 = reshape %5 : tile<i64> -> tile<1x1xi64>
  %bcast_16 = broadcast %reshape_15 : tile<1x1xi64> -> tile<16x32xi64>
  %6 = muli %bcast, %bcast_16 : tile<16x32xi64>
  %7 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %reshape_17 = reshape %7 : tile<i64> -> tile<1x1xi64>
  %bcast_18 = broadcast %reshape_17 : tile<1x1xi64> -> tile<16x32xi64>
  %reshape_19 = reshape %assume_0 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_20 = broadcast %reshape_19 : tile<1x1xptr<f32>> -> tile<16x32xptr<f32>>
  %bcast_22 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %reshape_23 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %bcast_24 = broadcast %reshape_23 : tile<1x1xf32> -> tile<16x32xf32>
  for %loopIdx in (%cst_0_i32 to %18, step %cst_1_i32) : tile<i32> {
    %8 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_26 = reshape %8 : tile<i32> -> tile<1xi32>
    %bcast_27 = broadcast %reshape_26 : tile<1xi32> -> tile<32xi32>
    %9 = addi %bcast_27, %1 : tile<32xi32>
    %reshape_28 = reshape %9 : tile<32xi32> -> tile<1x32xi32>
    %10 = exti %reshape_28 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_29 = broadcast %10 : tile<1x32xi64> -> tile<16x32xi64>
    %11 = cmpi less_than %bcast_29, %bcast_18, unsigned : tile<16x32xi64> -> tile<16x32xi1>
    %12 = andi %4, %11 : tile<16x32xi1>
    %14 = addi %6, %bcast_29 : tile<16x32xi64>
    %15 = offset %bcast_20, %14 : tile<16x32xptr<f32>>, tile<16x32xi64> -> tile<16x32xptr<f32>>
    %result, %result_token_30 = load_ptr_tko weak %15, %12, %bcast_22 token=%tok : tile<16x32xptr<f32>>, tile<16x32xi1>, tile<16x32xf32> -> tile<16x32xf32>, token
    %16 = mulf %result, %bcast_24 : tile<16x32xf32>
    %17 = store_view_tko weak %16, %pview_11[%blockId_x, %loopIdx] token = %tok : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
