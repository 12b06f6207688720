entry @histogram_Kt1_A1i32_1t1_p16_A1i32_1t1_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = constant <i32: 1> : tile<i32>
  %5, %6, %7 = get_tile_block_id : tile<i32>
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %8 = get_index_space_shape %pview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>> -> tile<i32>
  %9, %10, %11 = get_num_tile_blocks : tile<i32>
  %tok = make_token : token
  %pview_5 = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %reshape_11 = reshape %2 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_12 = broadcast %reshape_11 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %cst_0_i32 = constant <i32: 0> : tile<64xi32>
  %12 = subi %3, %4 : tile<i32>
  %reshape_7 = reshape %12 : tile<i32> -> tile<1xi32>
  %bcast_8 = broadcast %reshape_7 : tile<1xi32> -> tile<64xi32>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %13 = iota : tile<64xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32>
  %cst_1_i32_1 = constant <i32: 1> : tile<64xi32>
  %14 = exti %3 signed : tile<i32> -> tile<i64>
  %reshape_9 = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast_10 = broadcast %reshape_9 : tile<1xi64> -> tile<64xi64>
  %15 = for %loopIdx in (%5 to %8, step %9) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %16, %17 = load_view_tko weak %pview_5[%loopIdx] token = %tok_0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
    %18 = maxi %16, %cst_0_i32 signed : tile<64xi32>
    %19 = mini %18, %bcast_8 signed : tile<64xi32>
    %20 = exti %19 signed : tile<64xi32> -> tile<64xi64>
    %21 = offset %bcast_12, %20 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
    %22 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_13 = reshape %22 : tile<i32> -> tile<1xi32>
    %bcast_14 = broadcast %reshape_13 : tile<1xi32> -> tile<64xi32>
    %23 = addi %bcast_14, %13 : tile<64xi32>
    %24 = cmpi less_than %23, %bcast, signed : tile<64xi32> -> tile<64xi1>
    %25 = select %24, %cst_1_i32_1, %cst_0_i32 : tile<64xi1>, tile<64xi32>
    %26 = cmpi less_than %20, %bcast_10, unsigned : tile<64xi64> -> tile<64xi1>
    %27, %28 = atomic_rmw_tko acq_rel device %21, add, %25, %26 token=%17 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
    continue %28 : token
  }
  return
}
