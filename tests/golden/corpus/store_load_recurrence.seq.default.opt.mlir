entry @store_load_recurrence_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %5 = get_index_space_shape %pview : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %tok : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>
  %1 = store_view_tko weak %tile, %pview_11[%blockId_x, %cst_0_i32] token = %tok : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  %tok_for = for %loopIdx in (%cst_1_i32 to %5, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %1) -> (token) {
    %2 = subi %loopIdx, %cst_1_i32 : tile<i32>
    %tile_18, %result_token_19 = load_view_tko weak %pview_11[%blockId_x, %2] token = %tok_0 : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %tile_20, %result_token_21 = load_view_tko weak %pview[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x128xf32>, token
    %3 = addf %tile_18, %tile_20 : tile<1x128xf32>
    %4 = store_view_tko weak %3, %pview_11[%blockId_x, %loopIdx] token = %result_token_19 : tile<1x128xf32>, partition_view<tile=(1x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %4 : token
  }
  return
}
