entry @histogram_Kt1_A1i32_1t1_p16_A1i32_1t1_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %cst_0_i32 = constant <i32: 0> : tile<64xi32>
  %cst_1_i32_1 = constant <i32: 1> : tile<64xi32>
  %tview = make_tensor_view %assume, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %0 = get_index_space_shape %pview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>> -> tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %1 = iota : tile<64xi32>
  %reshape = reshape %assume_3 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32>
  %pview_5 = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %2 = subi %assume_4, %cst_1_i32 : tile<i32>
  %reshape_7 = reshape %2 : tile<i32> -> tile<1xi32>
  %bcast_8 = broadcast %reshape_7 : tile<1xi32> -> tile<64xi32>
  %3 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %reshape_9 = reshape %3 : tile<i64> -> tile<1xi64>
  %bcast_10 = broadcast %reshape_9 : tile<1xi64> -> tile<64xi64>
  %reshape_11 = reshape %assume_0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_12 = broadcast %reshape_11 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %tok_for = for %loopIdx in (%blockId_x to %0, step %gridSize_x) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %4 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_13 = reshape %4 : tile<i32> -> tile<1xi32>
    %bcast_14 = broadcast %reshape_13 : tile<1xi32> -> tile<64xi32>
    %5 = addi %bcast_14, %1 : tile<64xi32>
    %6 = cmpi less_than %5, %bcast, signed : tile<64xi32> -> tile<64xi1>
    %tile, %result_token = load_view_tko weak %pview_5[%loopIdx] token = %tok_0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %7 = maxi %tile, %cst_0_i32 signed : tile<64xi32>
    %8 = mini %7, %bcast_8 signed : tile<64xi32>
    %9 = select %6, %cst_1_i32_1, %cst_0_i32 : tile<64xi1>, tile<64xi32>
    %10 = exti %8 signed : tile<64xi32> -> tile<64xi64>
    %11 = cmpi less_than %10, %bcast_10, unsigned : tile<64xi64> -> tile<64xi1>
    %13 = offset %bcast_12, %10 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
    %result, %result_token_15 = atomic_rmw_tko acq_rel device %13, add, %9, %11 token=%result_token : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
    continue %result_token_15 : token
  }
  return
}
