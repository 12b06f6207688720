entry @softmax_bwd_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16g0_A2f32_1l0_2t1_p16g0_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_15 = constant <i32: 1> : tile<i32>
  %pview_16 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_17 = make_partition_view %tview_10 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for:2 = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32_15) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %0) -> (tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_16[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_24, %result_token_25 = load_view_tko weak %pview_17[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %2 = join_tokens %iterArg1, %result_token_25 : token
    %3 = fma %tile, %tile_24, %iterArg0  : tile<1x64xf32>
    continue %3, %2 : tile<1x64xf32>, token
  }
  %reduce = reduce %for#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %2 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %cst_0_i32_18 = constant <i32: 0> : tile<i32>
  %cst_1_i32_19 = constant <i32: 1> : tile<i32>
  %pview_20 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_21 = make_partition_view %tview_10 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x64xf32>
  %pview_22 = make_partition_view %tview_14 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %for_23:2 = for %loopIdx in (%cst_0_i32_18 to %1#1, step %cst_1_i32_19) : tile<i32> iter_values(%iterArg0 = %for#1, %iterArg1 = %0) -> (token, token) {
    %tile, %result_token = load_view_tko weak %pview_20[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_24, %result_token_25 = load_view_tko weak %pview_21[%blockId_x, %loopIdx] token = %iterArg1 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %2 = join_tokens %iterArg0, %result_token_25 : token
    %3 = subf %tile_24, %bcast  : tile<1x64xf32>
    %4 = mulf %tile, %3  : tile<1x64xf32>
    %5 = store_view_tko weak %4, %pview_22[%blockId_x, %loopIdx] token = %2 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %5, %5 : token, token
  }
  return
}
