entry @fused_add_rmsnorm_Kt1_A2f32_1l0_2t1_p16g0_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16g0_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume div_by<16>, %arg13 : tile<ptr<f32>>
  %11 = assume bounded<0, ?>, %arg14 : tile<i32>
  %12 = assume bounded<0, ?>, %arg15 : tile<i32>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %15:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %tok = make_token : token
  %pview_20 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %16, %17, %18 = get_tile_block_id : tile<i32>
  %tview_12 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_21 = make_partition_view %tview_12 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_22 = make_partition_view %tview_12 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %19:3 = for %loopIdx in (%cst_0_i32 to %15#1, step %14) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %tok_0 = %tok, %24 = %tok) -> (tile<1x64xf32>, token, token) {
    %25, %26 = load_view_tko weak %pview_20[%16, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %27, %28 = load_view_tko weak %pview_21[%16, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %29 = addf %25, %27 : tile<1x64xf32>
    %30 = store_view_tko weak %29, %pview_22[%16, %loopIdx] token = %28 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %31 = fma %29, %29, %iterArg0 : tile<1x64xf32>
    %32 = join_tokens %26, %tok_0 : token
    %33 = join_tokens %30, %24 : token
    continue %31, %32, %33 : tile<1x64xf32>, token, token
  }
  %tview_14 = make_tensor_view %8, shape = [%9], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_28 = make_partition_view %tview_14 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reduce = reduce %19#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %24 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %24 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %20 = itof %2 signed : tile<i32> -> tile<f32>
  %reshape_23 = reshape %20 : tile<f32> -> tile<1x1xf32>
  %21 = divf %reshape, %reshape_23 : tile<1x1xf32>
  %reshape_24 = reshape %arg18 : tile<f32> -> tile<1x1xf32>
  %22 = addf %21, %reshape_24 : tile<1x1xf32>
  %23 = rsqrt %22 : tile<1x1xf32>
  %bcast = broadcast %23 : tile<1x1xf32> -> tile<1x64xf32>
  %tview_18 = make_tensor_view %10, shape = [%11, %12], strides = [%13, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_29 = make_partition_view %tview_18 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %15#1, step %14) : tile<i32> {
    %24, %25 = load_view_tko weak %pview_21[%16, %loopIdx] token = %19#2 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %26, %27 = load_view_tko weak %pview_28[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %28 = mulf %24, %bcast : tile<1x64xf32>
    %reshape_32 = reshape %26 : tile<64xf32> -> tile<1x64xf32>
    %29 = mulf %28, %reshape_32 : tile<1x64xf32>
    %30 = store_view_tko weak %29, %pview_29[%16, %loopIdx] token = %19#1 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
