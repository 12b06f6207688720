entry @axpy_alias_inplace_Kt1_A1f32_1t1_p16g0_A1f32_1t1_p16g0_Sf32_I1024(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4, %5, %6 = get_tile_block_id : tile<i32>
  %tview_4 = make_tensor_view %2, shape = [%3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview_4 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %7 = get_index_space_shape %pview : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> -> tile<i32>
  %8, %9, %10 = get_num_tile_blocks : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_5 = make_partition_view %tview : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reshape = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<1024xf32>
  %11 = for %loopIdx in (%4 to %7, step %8) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %12, %13 = load_view_tko weak %pview_5[%loopIdx] token = %tok_0 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %14, %15 = load_view_tko weak %pview_6[%loopIdx] token = %tok : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %result_token_9 = join_tokens %15, %13 : token
    %16 = fma %bcast, %12, %14 : tile<1024xf32>
    %17 = store_view_tko weak %16, %pview[%loopIdx] token = %result_token_9 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %17 : token
  }
  return
}
