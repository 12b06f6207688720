entry @scan_ops_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i32>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<i32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_9 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_9], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_12 = make_tensor_view %assume_2, shape = [%assume_11], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %0 = scan %tile dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<128xf32> 
  (%arg12: tile<f32>, %arg13: tile<f32>) {
    %8 = addf %arg12, %arg13  : tile<f32>
    yield %8 : tile<f32>
  }
  %1 = scan %tile_14 dim=0 reverse=true identities=[0 : i32] : tile<128xi32> -> tile<128xi32> 
  (%arg12: tile<i32>, %arg13: tile<i32>) {
    %8 = addi %arg12, %arg13 : tile<i32>
    yield %8 : tile<i32>
  }
  %2 = scan %tile dim=0 reverse=false identities=[1.000000e+00 : f32] : tile<128xf32> -> tile<128xf32> 
  (%arg12: tile<f32>, %arg13: tile<f32>) {
    %8 = mulf %arg12, %arg13  : tile<f32>
    yield %8 : tile<f32>
  }
  %3 = scan %tile dim=0 reverse=false identities=[-1.000000e+30 : f32] : tile<128xf32> -> tile<128xf32> 
  (%arg12: tile<f32>, %arg13: tile<f32>) {
    %8 = maxf %arg12, %arg13 : tile<f32>
    yield %8 : tile<f32>
  }
  %4 = addf %0, %2  : tile<128xf32>
  %5 = addf %4, %3  : tile<128xf32>
  %pview_16 = make_partition_view %tview_10 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %6 = store_view_tko weak %5, %pview_16[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %pview_17 = make_partition_view %tview_12 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %7 = store_view_tko weak %1, %pview_17[%blockId_x] : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
