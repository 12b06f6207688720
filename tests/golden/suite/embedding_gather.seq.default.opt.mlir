entry @embedding_gather_Kt1_A1i32_1t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_Sf32_I16_I32(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume bounded<0, ?>, %arg5 : tile<i32>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview_10 = make_tensor_view %6, shape = [%7, %8], strides = [%9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_11 = make_partition_view %tview_10 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %11:2 = get_index_space_shape %pview_11 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(16), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %12, %13, %14 = get_tile_block_id : tile<i32>
  %15, %16 = load_view_tko weak %pview[%12] token = %tok : partition_view<tile=(16), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
  %reshape_19 = reshape %2 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_20 = broadcast %reshape_19 : tile<1x1xptr<f32>> -> tile<16x32xptr<f32>>
  %reshape = reshape %15 : tile<16xi32> -> tile<16x1xi32>
  %17 = exti %reshape signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast = broadcast %17 : tile<16x1xi64> -> tile<16x32xi64>
  %18 = exti %5 signed : tile<i32> -> tile<i64>
  %reshape_15 = reshape %18 : tile<i64> -> tile<1x1xi64>
  %bcast_16 = broadcast %reshape_15 : tile<1x1xi64> -> tile<16x32xi64>
  %19 = muli %bcast, %bcast_16 : tile<16x32xi64>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %20 = iota : tile<32xi32>
  %21 = exti %3 signed : tile<i32> -> tile<i64>
  %reshape_13 = reshape %21 : tile<i64> -> tile<1x1xi64>
  %bcast_14 = broadcast %reshape_13 : tile<1x1xi64> -> tile<16x32xi64>
  %22 = cmpi less_than %bcast, %bcast_14, unsigned : tile<16x32xi64> -> tile<16x32xi1>
  %23 = exti %4 signed : tile<i32> -> tile<i64>
  %reshape_17 = reshape %23 : tile<i64> -> tile<1x1xi64>
  %bcast_18 = broadcast %reshape_17 : tile<1x1xi64> -> tile<16x32xi64>
  %bcast_22 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %reshape_23 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %bcast_24 = broadcast %reshape_23 : tile<1x1xf32> -> tile<16x32xf32>
  for %loopIdx in (%cst_0_i32 to %11#1, step %10) : tile<i32> {
    %24 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_26 = reshape %24 : tile<i32> -> tile<1xi32>
    %bcast_27 = broadcast %reshape_26 : tile<1xi32> -> tile<32xi32>
    %25 = addi %bcast_27, %20 : tile<32xi32>
    %reshape_28 = reshape %25 : tile<32xi32> -> tile<1x32xi32>
    %26 = exti %reshape_28 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_29 = broadcast %26 : tile<1x32xi64> -> tile<16x32xi64>
    %27 = addi %19, %bcast_29 : tile<16x32xi64>
    %28 = offset %bcast_20, %27 : tile<16x32xptr<f32>>, tile<16x32xi64> -> tile<16x32xptr<f32>>
    %29 = cmpi less_than %bcast_29, %bcast_18, unsigned : tile<16x32xi64> -> tile<16x32xi1>
    %30 = andi %22, %29 : tile<16x32xi1>
    %31, %32 = load_ptr_tko weak %28, %30, %bcast_22 token=%tok : tile<16x32xptr<f32>>, tile<16x32xi1>, tile<16x32xf32> -> tile<16x32xf32>, token
    %33 = mulf %31, %bcast_24 : tile<16x32xf32>
    %34 = store_view_tko weak %33, %pview_11[%12, %loopIdx] token = %tok : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
