entry @persistent_rmsnorm_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %8 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %1 = itof %assume_5 signed : tile<i32> -> tile<f32>
  %reshape = reshape %1 : tile<f32> -> tile<1x1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %pview_19 = make_partition_view %tview_8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_20 = make_partition_view %tview_12 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%blockId_x to %assume_4, step %gridSize_x) : tile<i32> {
    %for = for %loopIdx_22 in (%cst_0_i32 to %8, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x64xf32>) {
      %tile, %result_token = load_view_tko weak %pview_14[%loopIdx, %loopIdx_22] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %5 = fma %tile, %tile, %iterArg0 : tile<1x64xf32>
      continue %5 : tile<1x64xf32>
    }
    %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %9 = addf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %9 : tile<f32>
    }
    %reshape_21 = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
    %2 = divf %reshape_21, %reshape : tile<1x1xf32>
    %3 = addf %2, %reshape_15 : tile<1x1xf32>
    %4 = rsqrt %3 : tile<1x1xf32>
    %bcast = broadcast %4 : tile<1x1xf32> -> tile<1x64xf32>
    for %loopIdx_22 in (%cst_0_i32 to %8, step %cst_1_i32) : tile<i32> {
      %tile, %result_token = load_view_tko weak %pview_14[%loopIdx, %loopIdx_22] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %tile_23, %result_token_24 = load_view_tko weak %pview_19[%loopIdx_22] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
      %9 = mulf %tile, %bcast : tile<1x64xf32>
      %reshape_25 = reshape %tile_23 : tile<64xf32> -> tile<1x64xf32>
      %6 = mulf %9, %reshape_25 : tile<1x64xf32>
      %7 = store_view_tko weak %6, %pview_20[%loopIdx, %loopIdx_22] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    }
  }
  return
}
