entry @axpy_alias_inplace_Kt1_A1f32_1t1_p16g0_A1f32_1t1_p16g0_Sf32_I1024(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_4 = make_tensor_view %assume_0, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview_4 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
  %0 = get_index_space_shape %pview : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %pview_5 = make_partition_view %tview : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reshape = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<1024xf32>
  %tok_for = for %loopIdx in (%blockId_x to %0, step %gridSize_x) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %tile, %result_token = load_view_tko weak %pview_5[%loopIdx] token = %tok_0 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %tile_8, %result_token_9 = load_view_tko weak %pview_6[%loopIdx] token = %tok : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %result_token_9_join = join_tokens %result_token_9, %result_token : token
    %1 = fma %bcast, %tile, %tile_8 : tile<1024xf32>
    %2 = store_view_tko weak %1, %pview[%loopIdx] token = %result_token_9_join : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %2 : token
  }
  return
}
