entry @softmax_tiled_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I256(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
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
  %pview = make_partition_view %tview : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>
  %9:2 = get_index_space_shape %pview : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x256xf32>
  %cst_f32 = constant <f32: 0xFF800000> : tile<1x256xf32>
  %tok = make_token : token
  %pview_10 = make_partition_view %tview : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
  %10, %11, %12 = get_tile_block_id : tile<i32>
  %13 = for %loopIdx in (%cst_0_i32 to %9#1, step %8) : tile<i32> iter_values(%iterArg0 = %cst_f32) -> (tile<1x256xf32>) {
    %15, %16 = load_view_tko weak %pview_10[%10, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %17 = maxf %iterArg0, %15 : tile<1x256xf32>
    continue %17 : tile<1x256xf32>
  }
  %reduce = reduce %13 dim=1 identities=[0xFF800000 : f32] : tile<1x256xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %15 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %15 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x256xf32>
  %14 = for %loopIdx in (%cst_0_i32 to %9#1, step %8) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x256xf32>) {
    %15, %16 = load_view_tko weak %pview_10[%10, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %17 = subf %15, %bcast : tile<1x256xf32>
    %18 = exp %17 : tile<1x256xf32>
    %19 = addf %iterArg0, %18 : tile<1x256xf32>
    continue %19 : tile<1x256xf32>
  }
  %reduce_15 = reduce %14 dim=1 identities=[0.000000e+00 : f32] : tile<1x256xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %15 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %15 : tile<f32>
  }
  %reshape_16 = reshape %reduce_15 : tile<1xf32> -> tile<1x1xf32>
  %bcast_21 = broadcast %reshape_16 : tile<1x1xf32> -> tile<1x256xf32>
  %tview_8 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_22 = make_partition_view %tview_8 : partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %9#1, step %8) : tile<i32> {
    %15, %16 = load_view_tko weak %pview_10[%10, %loopIdx] token = %tok : partition_view<tile=(1x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x256xf32>, token
    %17 = subf %15, %bcast : tile<1x256xf32>
    %18 = exp %17 : tile<1x256xf32>
    %19 = divf %18, %bcast_21 : tile<1x256xf32>
    %20 = store_view_tko weak %19, %pview_22[%10, %loopIdx] token = %tok : tile<1x256xf32>, partition_view<tile=(1x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
