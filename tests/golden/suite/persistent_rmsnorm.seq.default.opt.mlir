entry @persistent_rmsnorm_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = constant <i32: 1> : tile<i32>
  %11, %12, %13 = get_tile_block_id : tile<i32>
  %14, %15, %16 = get_num_tile_blocks : tile<i32>
  %tok = make_token : token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %17:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_19 = make_partition_view %tview_8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %18 = itof %2 signed : tile<i32> -> tile<f32>
  %reshape = reshape %18 : tile<f32> -> tile<1x1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %tview_12 = make_tensor_view %6, shape = [%7, %8], strides = [%9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_20 = make_partition_view %tview_12 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%11 to %1, step %14) : tile<i32> {
    %19 = for %loopIdx_22 in (%cst_0_i32 to %17#1, step %10) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x64xf32>) {
      %23, %24 = load_view_tko weak %pview_14[%loopIdx, %loopIdx_22] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %25 = fma %23, %23, %iterArg0 : tile<1x64xf32>
      continue %25 : tile<1x64xf32>
    }
    %reduce = reduce %19 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %23 = addf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %23 : tile<f32>
    }
    %reshape_21 = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
    %20 = divf %reshape_21, %reshape : tile<1x1xf32>
    %21 = addf %20, %reshape_15 : tile<1x1xf32>
    %22 = rsqrt %21 : tile<1x1xf32>
    %bcast = broadcast %22 : tile<1x1xf32> -> tile<1x64xf32>
    for %loopIdx_22 in (%cst_0_i32 to %17#1, step %10) : tile<i32> {
      %23, %24 = load_view_tko weak %pview_14[%loopIdx, %loopIdx_22] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
      %25, %26 = load_view_tko weak %pview_19[%loopIdx_22] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
      %27 = mulf %23, %bcast : tile<1x64xf32>
      %reshape_25 = reshape %25 : tile<64xf32> -> tile<1x64xf32>
      %28 = mulf %27, %reshape_25 : tile<1x64xf32>
      %29 = store_view_tko weak %28, %pview_20[%loopIdx, %loopIdx_22] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    }
  }
  return
}
