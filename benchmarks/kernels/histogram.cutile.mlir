entry @histogram_Kt1_A1i32_1t1_p16_A1i32_1t1_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<64xi32>
  %cst_1_i32_1 = constant <i32: 1> : tile<64xi32>
  %cst_0_i32_2 = constant <i32: 0> : tile<64xi32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %1 = get_index_space_shape %pview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>> -> tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %2 = iota : tile<64xi32>
  %reshape = reshape %assume_3 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32>
  %pview_5 = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %cst_1_i32_6 = constant <i32: 1> : tile<i32>
  %3 = subi %assume_4, %cst_1_i32_6 : tile<i32>
  %reshape_7 = reshape %3 : tile<i32> -> tile<1xi32>
  %bcast_8 = broadcast %reshape_7 : tile<1xi32> -> tile<64xi32>
  %4 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %reshape_9 = reshape %4 : tile<i64> -> tile<1xi64>
  %bcast_10 = broadcast %reshape_9 : tile<1xi64> -> tile<64xi64>
  %reshape_11 = reshape %assume_0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_12 = broadcast %reshape_11 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %for:3 = for %loopIdx in (%blockId_x to %1, step %gridSize_x) : tile<i32> iter_values(%iterArg0 = %0, %iterArg1 = %0, %iterArg2 = %0) -> (token, token, token) {
    %5 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_13 = reshape %5 : tile<i32> -> tile<1xi32>
    %bcast_14 = broadcast %reshape_13 : tile<1xi32> -> tile<64xi32>
    %6 = addi %bcast_14, %2 : tile<64xi32>
    %7 = cmpi less_than %6, %bcast, signed : tile<64xi32> -> tile<64xi1>
    %8 = join_tokens %0, %iterArg2 : token
    %tile, %result_token = load_view_tko weak %pview_5[%loopIdx] token = %8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %9 = join_tokens %iterArg0, %result_token : token
    %10 = maxi %tile, %cst_0_i32 signed : tile<64xi32>
    %11 = mini %10, %bcast_8 signed : tile<64xi32>
    %12 = select %7, %cst_1_i32_1, %cst_0_i32_2 : tile<64xi1>, tile<64xi32>
    %13 = exti %11 signed : tile<64xi32> -> tile<64xi64>
    %14 = cmpi less_than %13, %bcast_10, unsigned : tile<64xi64> -> tile<64xi1>
    %15 = muli %13, %cst_1_i64 : tile<64xi64>
    %16 = offset %bcast_12, %15 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
    %17 = join_tokens %iterArg1, %9, %iterArg2 : token
    %result, %result_token_15 = atomic_rmw_tko acq_rel device %16, add, %12, %14 token=%17 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
    continue %9, %result_token_15, %result_token_15 : token, token, token
  }
  return
}
