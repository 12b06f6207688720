entry @float_ops_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
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
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_9 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile_10, %result_token_11 = load_view_tko weak %pview_9[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = sqrt %tile  : tile<128xf32>
  %2 = rsqrt %tile_10 : tile<128xf32>
  %3 = addf %1, %2  : tile<128xf32>
  %4 = exp %tile  : tile<128xf32>
  %5 = addf %3, %4  : tile<128xf32>
  %6 = exp2 %tile flush_to_zero : tile<128xf32>
  %7 = addf %5, %6  : tile<128xf32>
  %8 = log %tile : tile<128xf32>
  %9 = addf %7, %8  : tile<128xf32>
  %10 = log2 %tile_10 : tile<128xf32>
  %11 = addf %9, %10  : tile<128xf32>
  %12 = tanh %tile  : tile<128xf32>
  %13 = addf %11, %12  : tile<128xf32>
  %14 = sin %tile : tile<128xf32>
  %15 = addf %13, %14  : tile<128xf32>
  %16 = cos %tile_10 : tile<128xf32>
  %17 = addf %15, %16  : tile<128xf32>
  %18 = floor %tile : tile<128xf32>
  %19 = addf %17, %18  : tile<128xf32>
  %20 = ceil %tile_10 : tile<128xf32>
  %21 = addf %19, %20  : tile<128xf32>
  %22 = absf %tile_10 : tile<128xf32>
  %23 = addf %21, %22  : tile<128xf32>
  %24 = negf %tile : tile<128xf32>
  %25 = addf %23, %24  : tile<128xf32>
  %26 = fpowf %tile, %tile_10 : tile<128xf32>
  %27 = addf %25, %26  : tile<128xf32>
  %28 = atan2 %tile, %tile_10 : tile<128xf32>
  %29 = addf %27, %28  : tile<128xf32>
  %30 = divf %tile, %tile_10  : tile<128xf32>
  %31 = addf %29, %30  : tile<128xf32>
  %32 = divf %tile, %tile_10 rounding<approx> : tile<128xf32>
  %33 = addf %31, %32  : tile<128xf32>
  %34 = minf %tile, %tile_10 : tile<128xf32>
  %35 = addf %33, %34  : tile<128xf32>
  %36 = maxf %tile, %tile_10 propagate_nan : tile<128xf32>
  %37 = addf %35, %36  : tile<128xf32>
  %38 = mulf %tile, %tile_10 rounding<zero> : tile<128xf32>
  %39 = addf %37, %38  flush_to_zero : tile<128xf32>
  %40 = remf %tile, %tile_10 : tile<128xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128xf32>
  %41 = cmpf less_than ordered %40, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %42 = cmpf less_than ordered %tile_10, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %43 = xori %41, %42 : tile<128xi1>
  %44 = cmpf not_equal unordered %40, %cst_0_f32 : tile<128xf32> -> tile<128xi1>
  %45 = andi %43, %44 : tile<128xi1>
  %46 = addf %40, %tile_10  : tile<128xf32>
  %47 = select %45, %46, %40 : tile<128xi1>, tile<128xf32>
  %48 = subf %39, %47  : tile<128xf32>
  %49 = cmpf not_equal unordered %48, %48 : tile<128xf32> -> tile<128xi1>
  %cst_0_f32_12 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32_12 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %50 = select %49, %bcast, %48 : tile<128xi1>, tile<128xf32>
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %51 = store_view_tko weak %50, %pview_13[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
