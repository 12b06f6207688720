entry @gemv_rows_Kt1_A2f16_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I16_I64(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %8 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>
  %9:2 = get_index_space_shape %pview : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<16x64xf32>
  %tok = make_token : token
  %pview_12 = make_partition_view %tview : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %10, %11, %12 = get_tile_block_id : tile<i32>
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %13 = for %loopIdx in (%cst_0_i32 to %9#1, step %8) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<16x64xf32>) {
    %18, %19 = load_view_tko weak %pview_12[%10, %loopIdx] token = %tok : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<16x64xf16>, token
    %20, %21 = load_view_tko weak %pview_13[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %22 = ftof %18 : tile<16x64xf16> -> tile<16x64xf32>
    %reshape_20 = reshape %20 : tile<64xf32> -> tile<1x64xf32>
    %bcast_21 = broadcast %reshape_20 : tile<1x64xf32> -> tile<16x64xf32>
    %23 = fma %22, %bcast_21, %iterArg0 : tile<16x64xf32>
    continue %23 : tile<16x64xf32>
  }
  %tview_10 = make_tensor_view %6, shape = [%7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_14 = make_partition_view %tview_10 : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %14, %15 = load_view_tko weak %pview_14[%10] token = %tok : partition_view<tile=(16), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %reshape = reshape %arg11 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<16xf32>
  %reduce = reduce %13 dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %18 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %18 : tile<f32>
  }
  %16 = fma %bcast, %14, %reduce : tile<16xf32>
  %pview_15 = make_partition_view %tview_10 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %17 = store_view_tko weak %16, %pview_15[%10] token = %15 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
