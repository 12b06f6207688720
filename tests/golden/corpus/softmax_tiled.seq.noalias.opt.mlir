entry @softmax_tiled_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I256(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
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
  %pview = make_partition_view %tview : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %5 = get_index_space_shape %pview : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_f32 = constant <f32: 0xFF800000> : tile<1x256xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_10 = make_partition_view %tview : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %5, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_f32) -> (tile<1x256xf32>) {
    %tile, %result_token = load_view_tko weak %pview_10[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %1 = maxf %iterArg0, %tile : tile<1x256xf32>
    continue %1 : tile<1x256xf32>
  }
  %reduce = reduce %for dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %6 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %6 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x256xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x256xf32>
  %for_14 = for %loopIdx in (%cst_0_i32 to %5, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x256xf32>) {
    %tile, %result_token = load_view_tko weak %pview_10[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %6 = subf %tile, %bcast : tile<1x256xf32>
    %2 = exp %6 : tile<1x256xf32>
    %3 = addf %iterArg0, %2 : tile<1x256xf32>
    continue %3 : tile<1x256xf32>
  }
  %reduce_15 = reduce %for_14 dim=1 identities=[0.000000e+00 : f32] : tile<1x256xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %6 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %6 : tile<f32>
  }
  %reshape_16 = reshape %reduce_15 : tile<1xf32> -> tile<1x1xf32>
  %bcast_21 = broadcast %reshape_16 : tile<1x1xf32> -> tile<1x256xf32>
  %pview_22 = make_partition_view %tview_8 : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %5, step %cst_1_i32) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_10[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %6 = subf %tile, %bcast : tile<1x256xf32>
    %7 = exp %6 : tile<1x256xf32>
    %8 = divf %7, %bcast_21 : tile<1x256xf32>
    %4 = store_view_tko weak %8, %pview_22[%blockId_x, %loopIdx] token = %tok : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
