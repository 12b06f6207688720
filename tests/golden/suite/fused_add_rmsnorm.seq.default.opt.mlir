entry @fused_add_rmsnorm_Kt1_A2f32_1l0_2t1_p16g0_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16g0_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<f32>) optimization_hints=<default = {}> {
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
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<f32>>
  %assume_15 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg16 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_13], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_18 = make_tensor_view %assume_2, shape = [%assume_15, %assume_16], strides = [%assume_17, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %8 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_20 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_21 = make_partition_view %tview_12 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_22 = make_partition_view %tview_12 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %for, %tok_for, %9 = for %loopIdx in (%cst_0_i32 to %8, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %tok_0 = %tok, %10 = %tok) -> (tile<1x64xf32>, token, token) {
    %tile, %result_token = load_view_tko weak %pview_20[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_30, %result_token_31 = load_view_tko weak %pview_21[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %5 = addf %tile, %tile_30 : tile<1x64xf32>
    %6 = store_view_tko weak %5, %pview_22[%blockId_x, %loopIdx] token = %result_token_31 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %11 = fma %5, %5, %iterArg0 : tile<1x64xf32>
    %12 = join_tokens %result_token, %tok_0 : token
    %13 = join_tokens %6, %10 : token
    continue %11, %12, %13 : tile<1x64xf32>, token, token
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %10 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %1 = itof %assume_7 signed : tile<i32> -> tile<f32>
  %reshape_23 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %2 = divf %reshape, %reshape_23 : tile<1x1xf32>
  %reshape_24 = reshape %arg18 : tile<f32> -> tile<1x1xf32>
  %3 = addf %2, %reshape_24 : tile<1x1xf32>
  %4 = rsqrt %3 : tile<1x1xf32>
  %pview_28 = make_partition_view %tview_14 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast = broadcast %4 : tile<1x1xf32> -> tile<1x64xf32>
  %pview_29 = make_partition_view %tview_18 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %8, step %cst_1_i32) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_21[%blockId_x, %loopIdx] token = %9 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_30, %result_token_31 = load_view_tko weak %pview_28[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %10 = mulf %tile, %bcast : tile<1x64xf32>
    %reshape_32 = reshape %tile_30 : tile<64xf32> -> tile<1x64xf32>
    %11 = mulf %10, %reshape_32 : tile<1x64xf32>
    %7 = store_view_tko weak %11, %pview_29[%blockId_x, %loopIdx] token = %tok_for : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
