entry @transpose_nested_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I16_I2(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
  %9:2 = get_index_space_shape %pview : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %pview_12 = make_partition_view %tview : partition_view<tile=(16x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %10, %11, %12 = get_tile_block_id : tile<i32>
  %13 = muli %10, %cst_2_i32 : tile<i32>
  %tview_8 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %cst_2_i32, step %8) : tile<i32> {
    %14 = addi %13, %loopIdx : tile<i32>
    for %loopIdx_14 in (%cst_0_i32 to %9#1, step %8) : tile<i32> {
      %15, %16 = load_view_tko weak %pview_12[%14, %loopIdx_14] token = %tok : partition_view<tile=(16x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x16xf32>, token
      %17 = permute %15 [1, 0] : tile<16x16xf32> -> tile<16x16xf32>
      %18 = store_view_tko weak %17, %pview_13[%loopIdx_14, %14] token = %tok : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    }
  }
  return
}
