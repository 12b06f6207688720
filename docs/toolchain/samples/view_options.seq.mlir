entry @view_options_Kt2_A2f32_1l0_2t1_p16_A2f32_1s64t256_2s256t1_p16_A2f32_1l0_2i16t1_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg12 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %cst_256_i32 = constant <i32: 256> : tile<i32>
  %cst_256_i32_3 = constant <i32: 256> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_9 = make_tensor_view %assume_0, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf32, strides=[256,1]>
  %assume_10 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume = assume div_by<16>, %assume_assume : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_10, %assume_assume_assume], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] optimization_hints = <default = {allow_tma = false, latency = 4}> : partition_view<tile=(16x32), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<16x32xf32>, token
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %pview_14 = make_partition_view %tview_9 : partition_view<tile=(16x32), padding_value = pos_inf, tensor_view<64x256xf32, strides=[256,1]>>
  %tile_15, %result_token_16 = load_view_tko acquire device %pview_14[%cst_0_i32_13, %blockId_x] : partition_view<tile=(16x32), padding_value = pos_inf, tensor_view<64x256xf32, strides=[256,1]>>, tile<i32> -> tile<16x32xf32>, token
  %cst_0_i32_17 = constant <i32: 0> : tile<i32>
  %0 = addf %tile, %tile_15  : tile<16x32xf32>
  %pview_18 = make_partition_view %tview_12 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %1 = store_view_tko release tl_blk %0, %pview_18[%cst_0_i32_17, %blockId_x] optimization_hints = <default = {latency = 2}> : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  %cst_1_i32_19 = constant <i32: 1> : tile<i32>
  %pview_20 = make_partition_view %tview_12 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %2 = store_view_tko relaxed sys %tile_15, %pview_20[%cst_1_i32_19, %blockId_x] : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
