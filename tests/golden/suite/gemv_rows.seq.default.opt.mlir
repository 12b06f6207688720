entry @gemv_rows_Kt1_A2f16_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I16_I64(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_9], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<16x64xf32>
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>
  %0, %5 = get_index_space_shape %pview : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_12 = make_partition_view %tview : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %for = for %loopIdx in (%cst_0_i32 to %5, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<16x64xf32>) {
    %tile_16, %result_token_17 = load_view_tko weak %pview_12[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x64xf16>, token
    %tile_18, %result_token_19 = load_view_tko weak %pview_13[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %3 = ftof %tile_16 : tile<16x64xf16> -> tile<16x64xf32>
    %reshape_20 = reshape %tile_18 : tile<64xf32> -> tile<1x64xf32>
    %bcast_21 = broadcast %reshape_20 : tile<1x64xf32> -> tile<16x64xf32>
    %4 = fma %3, %bcast_21, %iterArg0 : tile<16x64xf32>
    continue %4 : tile<16x64xf32>
  }
  %pview_14 = make_partition_view %tview_10 : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview_14[%blockId_x] token = %tok : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %6 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %6 : tile<f32>
  }
  %reshape = reshape %arg11 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<16xf32>
  %1 = fma %bcast, %tile, %reduce : tile<16xf32>
  %pview_15 = make_partition_view %tview_10 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_15[%blockId_x] token = %result_token : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
