entry @store_load_recurrence_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = constant <i32: 1> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
  %9:2 = get_index_space_shape %pview : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %tok = make_token : token
  %10, %11, %12 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %13, %14 = load_view_tko weak %pview[%10, %cst_0_i32] token = %tok : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
  %tview_8 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
  %15 = store_view_tko weak %13, %pview_11[%10, %cst_0_i32] token = %tok : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  %16 = for %loopIdx in (%8 to %9#1, step %8) : tile<i32> iter_values(%tok_0 = %15) -> (token) {
    %17 = subi %loopIdx, %8 : tile<i32>
    %18, %19 = load_view_tko weak %pview_11[%10, %17] token = %tok_0 : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %20, %21 = load_view_tko weak %pview[%10, %loopIdx] token = %tok : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %22 = addf %18, %20 : tile<1x128xf32>
    %23 = store_view_tko weak %22, %pview_11[%10, %loopIdx] token = %19 : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %23 : token
  }
  return
}
