entry @rmsnorm_fwd_Kt1_A2f16_1l0_2t1_p16_A1f16_1t1_p16_A2f16_1l0_2t1_p16_Sf32_I1024(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume div_by<16>, %arg8 : tile<ptr<f16>>
  %7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  %11:2 = get_index_space_shape %pview : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x1024xf32>
  %tok = make_token : token
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %12, %13, %14 = get_tile_block_id : tile<i32>
  %15 = for %loopIdx in (%cst_0_i32 to %11#1, step %10) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x1024xf32>) {
    %20, %21 = load_view_tko weak %pview_14[%12, %loopIdx] token = %tok : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x1024xf16>, token
    %22 = ftof %20 : tile<1x1024xf16> -> tile<1x1024xf32>
    %23 = fma %22, %22, %iterArg0 : tile<1x1024xf32>
    continue %23 : tile<1x1024xf32>
  }
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %pview_19 = make_partition_view %tview_8 : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf16, strides=[1]>>
  %reduce = reduce %15 dim=1 identities=[0.000000e+00 : f32] : tile<1x1024xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %20 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %20 : tile<f32>
  }
  %16 = itof %2 signed : tile<i32> -> tile<f32>
  %reshape = reshape %16 : tile<f32> -> tile<1xf32>
  %17 = divf %reduce, %reshape : tile<1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1xf32>
  %18 = addf %17, %reshape_15 : tile<1xf32>
  %19 = rsqrt %18 : tile<1xf32>
  %reshape_20 = reshape %19 : tile<1xf32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_20 : tile<1x1xf32> -> tile<1x1024xf32>
  %tview_12 = make_tensor_view %6, shape = [%7, %8], strides = [%9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_21 = make_partition_view %tview_12 : partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %11#1, step %10) : tile<i32> {
    %20, %21 = load_view_tko weak %pview_14[%12, %loopIdx] token = %tok : partition_view<tile=(1x1024), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x1024xf16>, token
    %22, %23 = load_view_tko weak %pview_19[%loopIdx] token = %tok : partition_view<tile=(1024), padding_value = zero, tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<1024xf16>, token
    %24 = ftof %20 : tile<1x1024xf16> -> tile<1x1024xf32>
    %25 = mulf %24, %bcast : tile<1x1024xf32>
    %26 = ftof %22 : tile<1024xf16> -> tile<1024xf32>
    %reshape_24 = reshape %26 : tile<1024xf32> -> tile<1x1024xf32>
    %27 = mulf %25, %reshape_24 : tile<1x1024xf32>
    %28 = ftof %27 : tile<1x1024xf32> -> tile<1x1024xf16>
    %29 = store_view_tko weak %28, %pview_21[%12, %loopIdx] token = %tok : tile<1x1024xf16>, partition_view<tile=(1x1024), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
