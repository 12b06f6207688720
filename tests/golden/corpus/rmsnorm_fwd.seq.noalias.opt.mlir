entry @rmsnorm_fwd_Kt1_A2f16_1l0_2t1_p16_A1f16_1t1_p16_A2f16_1l0_2t1_p16_Sf32_I1024(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f16>>
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  %0, %11 = get_index_space_shape %pview : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x1024xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %11, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x1024xf32>) {
    %tile, %result_token = load_view_tko weak %pview_14[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x1024xf16>, token
    %5 = ftof %tile : tile<1x1024xf16> -> tile<1x1024xf32>
    %6 = fma %5, %5, %iterArg0 : tile<1x1024xf32>
    continue %6 : tile<1x1024xf32>
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %12 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %12 : tile<f32>
  }
  %1 = itof %assume_5 signed : tile<i32> -> tile<f32>
  %reshape = reshape %1 : tile<f32> -> tile<1xf32>
  %2 = divf %reduce, %reshape : tile<1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1xf32>
  %3 = addf %2, %reshape_15 : tile<1xf32>
  %4 = rsqrt %3 : tile<1xf32>
  %pview_19 = make_partition_view %tview_8 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf16, strides=[1]>>
  %reshape_20 = reshape %4 : tile<1xf32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_20 : tile<1x1xf32> -> tile<1x1024xf32>
  %pview_21 = make_partition_view %tview_12 : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %11, step %cst_1_i32) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_14[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x1024xf16>, token
    %tile_22, %result_token_23 = load_view_tko weak %pview_19[%loopIdx] token = %tok : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<1024xf16>, token
    %12 = ftof %tile : tile<1x1024xf16> -> tile<1x1024xf32>
    %13 = mulf %12, %bcast : tile<1x1024xf32>
    %7 = ftof %tile_22 : tile<1024xf16> -> tile<1024xf32>
    %reshape_24 = reshape %7 : tile<1024xf32> -> tile<1x1024xf32>
    %8 = mulf %13, %reshape_24 : tile<1x1024xf32>
    %9 = ftof %8 : tile<1x1024xf32> -> tile<1x1024xf16>
    %10 = store_view_tko weak %9, %pview_21[%blockId_x, %loopIdx] token = %tok : tile<1x1024xf16>, partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
