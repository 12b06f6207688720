entry @two_stores_loop_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
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
  %10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume bounded<0, ?>, %arg17 : tile<i32>
  %15 = assume bounded<0, ?>, %arg18 : tile<i32>
  %16 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %17:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %tok = make_token : token
  %pview_22 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %18, %19, %20 = get_tile_block_id : tile<i32>
  %tview_12 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_23 = make_partition_view %tview_12 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %bcast = constant <f32: 1.000000e+00> : tile<1x64xf32>
  %tview_20 = make_tensor_view %12, shape = [%13, %14], strides = [%15, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_27 = make_partition_view %tview_20 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tview_16 = make_tensor_view %8, shape = [%9, %10], strides = [%11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_28 = make_partition_view %tview_16 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %17#1, step %16) : tile<i32> {
    %21, %22 = load_view_tko weak %pview_22[%18, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %23, %24 = load_view_tko weak %pview_23[%18, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %25 = negf %23 : tile<1x64xf32>
    %26 = exp %25 : tile<1x64xf32>
    %27 = addf %bcast, %26 : tile<1x64xf32>
    %28 = divf %bcast, %27 : tile<1x64xf32>
    %29 = store_view_tko weak %28, %pview_27[%18, %loopIdx] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %30 = mulf %21, %23 : tile<1x64xf32>
    %31 = mulf %30, %28 : tile<1x64xf32>
    %32 = store_view_tko weak %31, %pview_28[%18, %loopIdx] token = %tok : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
