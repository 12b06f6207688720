entry @rope_inplace_Kt1_A2f32_1l0_2t1_p16g0_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16g0_I8_I16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_9 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %assume_17 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg18 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_16 = make_tensor_view %assume_1, shape = [%assume_13, %assume_14], strides = [%assume_15, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_20 = make_tensor_view %assume_2, shape = [%assume_17, %assume_18], strides = [%assume_19, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview_12 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %tok : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
  %pview_22 = make_partition_view %tview_16 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %tile_23, %result_token_24 = load_view_tko weak %pview_22[%blockId_x, %cst_0_i32] token = %tok : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %0 = divi %assume_7, %cst_32_i32 signed rounding<negative_inf> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %pview_27 = make_partition_view %tview : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_32 = make_partition_view %tview_20 : partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>
  %tok_for = for %loopIdx in (%cst_0_i32 to %0, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %1 = muli %cst_2_i32, %loopIdx : tile<i32>
    %tile_36, %result_token_37 = load_view_tko weak %pview_27[%blockId_x, %1] token = %tok_0 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
    %3 = addi %1, %cst_1_i32 : tile<i32>
    %tile_38, %result_token_39 = load_view_tko weak %pview_27[%blockId_x, %3] token = %tok_0 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
    %result_token_39_join = join_tokens %result_token_39, %result_token_37 : token
    %5 = mulf %tile_38, %tile_23 : tile<8x16xf32>
    %6 = negf %5 : tile<8x16xf32>
    %7 = fma %tile_36, %tile, %6 : tile<8x16xf32>
    %8 = store_view_tko weak %7, %pview_32[%blockId_x, %1] token = %result_token_39_join : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %11 = mulf %tile_36, %tile_23 : tile<8x16xf32>
    %12 = fma %tile_38, %tile, %11 : tile<8x16xf32>
    %13 = store_view_tko weak %12, %pview_32[%blockId_x, %3] token = %8 : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %13 : token
  }
  return
}
