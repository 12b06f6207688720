entry @casts_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_A1f16_1t1_p16_A1i8_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i32>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<f16>>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<i8>>, %arg16: tile<i32>, %arg17: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<i32>>
  %assume_3 = assume div_by<16>, %arg12 : tile<ptr<f16>>
  %assume_4 = assume div_by<16>, %arg15 : tile<ptr<i8>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %cst_1_i32_6 = constant <i32: 1> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %cst_1_i32_9 = constant <i32: 1> : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_10], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_11], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_13 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_13], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_15 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_16 = make_tensor_view %assume_2, shape = [%assume_15], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_17 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_18 = make_tensor_view %assume_3, shape = [%assume_17], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_19 = assume bounded<0, ?>, %arg16 : tile<i32>
  %tview_20 = make_tensor_view %assume_4, shape = [%assume_19], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_21 = make_partition_view %tview_12 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_22, %result_token_23 = load_view_tko weak %pview_21[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %0 = ftoi %tile signed  : tile<128xf32> -> tile<128xi32>
  %1 = itof %tile_22 signed  : tile<128xi32> -> tile<128xf32>
  %2 = trunci %tile_22 : tile<128xi32> -> tile<128xi8>
  %3 = exti %2 signed : tile<128xi8> -> tile<128xi32>
  %4 = ftof %tile  : tile<128xf32> -> tile<128xf16>
  %5 = ftof %4  : tile<128xf16> -> tile<128xf32>
  %6 = itof %tile_22 unsigned  : tile<128xi32> -> tile<128xf32>
  %7 = bitcast %tile : tile<128xf32> -> tile<128xi32>
  %8 = bitcast %tile_22 : tile<128xi32> -> tile<128xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %9 = cmpf greater_than ordered %tile, %bcast : tile<128xf32> -> tile<128xi1>
  %10 = exti %9 unsigned : tile<128xi1> -> tile<128xi32>
  %11 = addf %1, %5  : tile<128xf32>
  %12 = addf %11, %6  : tile<128xf32>
  %13 = addf %12, %8  : tile<128xf32>
  %pview_24 = make_partition_view %tview_14 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %14 = store_view_tko weak %13, %pview_24[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %15 = addi %0, %3 : tile<128xi32>
  %16 = addi %15, %7 : tile<128xi32>
  %17 = addi %16, %10 : tile<128xi32>
  %pview_25 = make_partition_view %tview_16 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %18 = store_view_tko weak %17, %pview_25[%blockId_x] : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %pview_26 = make_partition_view %tview_18 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %19 = store_view_tko weak %4, %pview_26[%blockId_x] : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  %pview_27 = make_partition_view %tview_20 : partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>
  %20 = store_view_tko weak %2, %pview_27[%blockId_x] : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
  return
}
