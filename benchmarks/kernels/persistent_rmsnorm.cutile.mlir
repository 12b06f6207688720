entry @persistent_rmsnorm_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_13 = constant <i32: 1> : tile<i32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %2 = itof %assume_5 signed  : tile<i32> -> tile<f32>
  %reshape = reshape %2 : tile<f32> -> tile<1x1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %cst_0_i32_16 = constant <i32: 0> : tile<i32>
  %cst_1_i32_17 = constant <i32: 1> : tile<i32>
  %pview_18 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_19 = make_partition_view %tview_8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_20 = make_partition_view %tview_12 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %for = for %loopIdx in (%blockId_x to %assume_4, step %gridSize_x) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %for_21 = for %loopIdx_24 in (%cst_0_i32 to %1#1, step %cst_1_i32_13) : tile<i32> iter_values(%iterArg0_25 = %cst_0_f32) -> (tile<1x64xf32>) {
      %tile, %result_token = load_view_tko weak %pview_14[%loopIdx, %loopIdx_24] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %6 = fma %tile, %tile, %iterArg0_25  : tile<1x64xf32>
      continue %6 : tile<1x64xf32>
    }
    %reduce = reduce %for_21 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %6 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %6 : tile<f32>
    }
    %reshape_22 = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
    %3 = divf %reshape_22, %reshape  : tile<1x1xf32>
    %4 = addf %3, %reshape_15  : tile<1x1xf32>
    %5 = rsqrt %4 : tile<1x1xf32>
    %bcast = broadcast %5 : tile<1x1xf32> -> tile<1x64xf32>
    %for_23 = for %loopIdx_24 in (%cst_0_i32_16 to %1#1, step %cst_1_i32_17) : tile<i32> iter_values(%iterArg0_25 = %iterArg0) -> (token) {
      %tile, %result_token = load_view_tko weak %pview_18[%loopIdx, %loopIdx_24] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %tile_26, %result_token_27 = load_view_tko weak %pview_19[%loopIdx_24] token = %0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
      %6 = mulf %tile, %bcast  : tile<1x64xf32>
      %reshape_28 = reshape %tile_26 : tile<64xf32> -> tile<1x64xf32>
      %7 = mulf %6, %reshape_28  : tile<1x64xf32>
      %8 = store_view_tko weak %7, %pview_20[%loopIdx, %loopIdx_24] token = %iterArg0 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
      %9 = join_tokens %iterArg0_25, %8 : token
      continue %9 : token
    }
    continue %for_23 : token
  }
  return
}
