entry @float_ops_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_8 = make_tensor_view %assume_1, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_9 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile_10, %result_token_11 = load_view_tko weak %pview_9[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %0 = sqrt %tile  : tile<128xf32>
  %1 = rsqrt %tile_10 : tile<128xf32>
  %2 = addf %0, %1  : tile<128xf32>
  %3 = exp %tile  : tile<128xf32>
  %4 = addf %2, %3  : tile<128xf32>
  %5 = exp2 %tile flush_to_zero : tile<128xf32>
  %6 = addf %4, %5  : tile<128xf32>
  %7 = log %tile : tile<128xf32>
  %8 = addf %6, %7  : tile<128xf32>
  %9 = log2 %tile_10 : tile<128xf32>
  %10 = addf %8, %9  : tile<128xf32>
  %11 = tanh %tile  : tile<128xf32>
  %12 = addf %10, %11  : tile<128xf32>
  %13 = sin %tile : tile<128xf32>
  %14 = addf %12, %13  : tile<128xf32>
  %15 = cos %tile_10 : tile<128xf32>
  %16 = addf %14, %15  : tile<128xf32>
  %17 = floor %tile : tile<128xf32>
  %18 = addf %16, %17  : tile<128xf32>
  %19 = ceil %tile_10 : tile<128xf32>
  %20 = addf %18, %19  : tile<128xf32>
  %21 = absf %tile_10 : tile<128xf32>
  %22 = addf %20, %21  : tile<128xf32>
  %23 = negf %tile : tile<128xf32>
  %24 = addf %22, %23  : tile<128xf32>
  %25 = fpowf %tile, %tile_10 : tile<128xf32>
  %26 = addf %24, %25  : tile<128xf32>
  %27 = atan2 %tile, %tile_10 : tile<128xf32>
  %28 = addf %26, %27  : tile<128xf32>
  %29 = divf %tile, %tile_10  : tile<128xf32>
  %30 = addf %28, %29  : tile<128xf32>
  %31 = divf %tile, %tile_10 rounding<approx> : tile<128xf32>
  %32 = addf %30, %31  : tile<128xf32>
  %33 = minf %tile, %tile_10 : tile<128xf32>
  %34 = addf %32, %33  : tile<128xf32>
  %35 = maxf %tile, %tile_10 propagate_nan : tile<128xf32>
  %36 = addf %34, %35  : tile<128xf32>
  %37 = mulf %tile, %tile_10 rounding<zero> : tile<128xf32>
  %38 = addf %36, %37  flush_to_zero : tile<128xf32>
  %39 = remf %tile, %tile_10 : tile<128xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128xf32>
  %40 = cmpf less_than ordered %39, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %41 = cmpf less_than ordered %tile_10, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %42 = xori %40, %41 : tile<128xi1>
  %43 = cmpf not_equal unordered %39, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %44 = andi %42, %43 : tile<128xi1>
  %45 = addf %39, %tile_10  : tile<128xf32>
  %46 = select %44, %45, %39 : tile<128xi1>, tile<128xf32>
  %47 = subf %38, %46  : tile<128xf32>
  %48 = cmpf not_equal unordered %47, %47 : tile<128xf32> -> tile<128xi1>
  %cst_0_f32_12 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32_12 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %49 = select %48, %bcast, %47 : tile<128xi1>, tile<128xf32>
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %50 = store_view_tko weak %49, %pview_13[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
