entry @interleave_store_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I64_I2(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_8 = make_tensor_view %assume_1, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %0 = muli %blockId_x, %cst_2_i32 : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %tok_for = for %loopIdx in (%cst_0_i32 to %cst_2_i32, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %1 = addi %0, %loopIdx : tile<i32>
    %tile, %result_token = load_view_tko weak %pview[%1] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %tile_16, %result_token_17 = load_view_tko weak %pview_10[%1] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %2 = muli %cst_2_i32, %1 : tile<i32>
    %3 = addf %tile, %tile_16 : tile<64xf32>
    %4 = store_view_tko weak %3, %pview_12[%2] token = %tok_0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %6 = addi %2, %cst_1_i32 : tile<i32>
    %7 = subf %tile, %tile_16 : tile<64xf32>
    %8 = store_view_tko weak %7, %pview_12[%6] token = %4 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %8 : token
  }
  return
}
