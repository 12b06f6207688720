entry @interleave_store_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I64_I2(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %6 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %7, %8, %9 = get_tile_block_id : tile<i32>
  %10 = muli %7, %cst_2_i32 : tile<i32>
  %tview_6 = make_tensor_view %2, shape = [%3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %11 = for %loopIdx in (%cst_0_i32 to %cst_2_i32, step %6) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %12 = addi %10, %loopIdx : tile<i32>
    %13, %14 = load_view_tko weak %pview[%12] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %15, %16 = load_view_tko weak %pview_10[%12] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %17 = addf %13, %15 : tile<64xf32>
    %18 = muli %cst_2_i32, %12 : tile<i32>
    %19 = store_view_tko weak %17, %pview_12[%18] token = %tok_0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %20 = subf %13, %15 : tile<64xf32>
    %21 = addi %18, %6 : tile<i32>
    %22 = store_view_tko weak %20, %pview_12[%21] token = %19 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %22 : token
  }
  return
}
