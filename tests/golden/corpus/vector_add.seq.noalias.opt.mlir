entry @vector_add_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I1024(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %6, %7, %8 = get_tile_block_id : tile<i32>
  %9, %10 = load_view_tko weak %pview[%6] token = %tok : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
  %tview_6 = make_tensor_view %2, shape = [%3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_9 = make_partition_view %tview_6 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %11, %12 = load_view_tko weak %pview_9[%6] token = %tok : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
  %13 = addf %9, %11 : tile<1024xf32>
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %14 = store_view_tko weak %13, %pview_12[%6] token = %tok : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
