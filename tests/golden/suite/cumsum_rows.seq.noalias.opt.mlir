entry @cumsum_rows_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>
  %9:2 = get_index_space_shape %pview : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x1xf32>
  %tok = make_token : token
  %pview_10 = make_partition_view %tview : partition_view<tile=(1x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %10, %11, %12 = get_tile_block_id : tile<i32>
  %tview_8 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>
  %cst_31_i32 = constant <i32: 31> : tile<i32>
  %13 = for %loopIdx in (%cst_0_i32 to %9#1, step %8) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x1xf32>) {
    %14, %15 = load_view_tko weak %pview_10[%10, %loopIdx] token = %tok : partition_view<tile=(1x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x32xf32>, token
    %16 = scan %14 dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<1x32xf32> -> tile<1x32xf32>
    (%arg10: tile<f32>, %arg11: tile<f32>) {
      %20 = addf %arg10, %arg11 : tile<f32>
      yield %20 : tile<f32>
    }
    %bcast = broadcast %iterArg0 : tile<1x1xf32> -> tile<1x32xf32>
    %17 = addf %16, %bcast : tile<1x32xf32>
    %18 = store_view_tko weak %17, %pview_11[%10, %loopIdx] token = %tok : tile<1x32xf32>, partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %19 = extract %17[%cst_0_i32, %cst_31_i32] : tile<1x32xf32> -> tile<1x1xf32>
    continue %19 : tile<1x1xf32>
  }
  return
}
