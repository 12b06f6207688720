entry @two_stores_loop_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_9 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %assume_17 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg18 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_16 = make_tensor_view %assume_1, shape = [%assume_13, %assume_14], strides = [%assume_15, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_20 = make_tensor_view %assume_2, shape = [%assume_17, %assume_18], strides = [%assume_19, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %9 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_22 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_23 = make_partition_view %tview_12 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %bcast = constant <f32: 1.000000e+00> : tile<1x64xf32>
  %pview_27 = make_partition_view %tview_20 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %pview_28 = make_partition_view %tview_16 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %9, step %cst_1_i32) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_22[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_29, %result_token_30 = load_view_tko weak %pview_23[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %1 = negf %tile_29 : tile<1x64xf32>
    %2 = exp %1 : tile<1x64xf32>
    %3 = addf %bcast, %2 : tile<1x64xf32>
    %4 = divf %bcast, %3 : tile<1x64xf32>
    %5 = store_view_tko weak %4, %pview_27[%blockId_x, %loopIdx] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %6 = mulf %tile, %tile_29 : tile<1x64xf32>
    %7 = mulf %6, %4 : tile<1x64xf32>
    %8 = store_view_tko weak %7, %pview_28[%blockId_x, %loopIdx] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
