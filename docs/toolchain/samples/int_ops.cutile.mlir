entry @int_ops_Kt1_A1i32_1t1_p16_A1i32_1t1_p16_A1u32_1t1_p16_A1i32_1t1_p16_A1u32_1t1_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i32>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i32>>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i32>>
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<i32>>
  %assume_3 = assume div_by<16>, %arg12 : tile<ptr<i32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %cst_1_i32_6 = constant <i32: 1> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<128xi32>
  %cst_1_i32_8 = constant <i32: 1> : tile<128xi32>
  %cst_5_i32 = constant <i32: 5> : tile<128xi32>
  %cst_1_i32_9 = constant <i32: 1> : tile<128xi32>
  %cst_3_i32 = constant <i32: 3> : tile<128xi32>
  %cst_7_i32 = constant <i32: 7> : tile<128xi32>
  %assume_10 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_10], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_11], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_13 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_13], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_15 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_16 = make_tensor_view %assume_2, shape = [%assume_15], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_17 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_18 = make_tensor_view %assume_3, shape = [%assume_17], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_19 = make_partition_view %tview_12 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_20, %result_token_21 = load_view_tko weak %pview_19[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_22 = make_partition_view %tview_14 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_23, %result_token_24 = load_view_tko weak %pview_22[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %1 = shli %tile, %cst_2_i32 : tile<128xi32>
  %2 = shri %tile_20, %cst_1_i32_8 signed : tile<128xi32>
  %3 = addi %1, %2 : tile<128xi32>
  %4 = remi %tile, %tile_20 signed : tile<128xi32>
  %cst_0_i32 = constant <i32: 0> : tile<128xi32>
  %5 = cmpi less_than %4, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %6 = cmpi less_than %tile_20, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %7 = xori %5, %6 : tile<128xi1>
  %8 = cmpi not_equal %4, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %9 = andi %7, %8 : tile<128xi1>
  %10 = addi %4, %tile_20 : tile<128xi32>
  %11 = select %9, %10, %4 : tile<128xi1>, tile<128xi32>
  %12 = addi %3, %11 : tile<128xi32>
  %13 = divi %tile, %tile_20 signed rounding<negative_inf> : tile<128xi32>
  %14 = addi %12, %13 : tile<128xi32>
  %15 = divi %tile, %tile_20 signed rounding<positive_inf> : tile<128xi32>
  %16 = addi %14, %15 : tile<128xi32>
  %17 = mini %tile, %tile_20 signed : tile<128xi32>
  %18 = addi %16, %17 : tile<128xi32>
  %19 = maxi %tile, %tile_20 signed : tile<128xi32>
  %20 = addi %18, %19 : tile<128xi32>
  %21 = andi %tile, %tile_20 : tile<128xi32>
  %22 = xori %tile, %cst_5_i32 : tile<128xi32>
  %23 = ori %21, %22 : tile<128xi32>
  %24 = addi %20, %23 : tile<128xi32>
  %cst_-1_i32 = constant <i32: -1> : tile<128xi32>
  %25 = xori %tile_20, %cst_-1_i32 : tile<128xi32>
  %26 = addi %24, %25 : tile<128xi32>
  %27 = negi %tile : tile<128xi32>
  %28 = addi %26, %27 : tile<128xi32>
  %29 = muli %tile, %tile_20 : tile<128xi32>
  %30 = addi %28, %29 : tile<128xi32>
  %31 = subi %30, %tile_20 : tile<128xi32>
  %32 = cmpi less_than %tile, %tile_20, signed : tile<128xi32> -> tile<128xi1>
  %33 = addi %31, %cst_1_i32_9 : tile<128xi32>
  %34 = select %32, %31, %33 : tile<128xi1>, tile<128xi32>
  %pview_25 = make_partition_view %tview_16 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %35 = store_view_tko weak %34, %pview_25[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %36 = shri %tile_23, %cst_3_i32 unsigned : tile<128xi32>
  %37 = remi %tile_23, %cst_7_i32 unsigned : tile<128xi32>
  %cst_0_i32_26 = constant <i32: 0> : tile<128xi32>
  %38 = cmpi less_than %37, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %39 = cmpi less_than %cst_7_i32, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %40 = xori %38, %39 : tile<128xi1>
  %41 = cmpi not_equal %37, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %42 = andi %40, %41 : tile<128xi1>
  %43 = addi %37, %cst_7_i32 : tile<128xi32>
  %44 = select %42, %43, %37 : tile<128xi1>, tile<128xi32>
  %45 = addi %36, %44 : tile<128xi32>
  %46 = maxi %tile_23, %tile_23 unsigned : tile<128xi32>
  %47 = addi %45, %46 : tile<128xi32>
  %48 = cmpi greater_than %tile_23, %47, unsigned : tile<128xi32> -> tile<128xi1>
  %49 = select %48, %47, %tile_23 : tile<128xi1>, tile<128xi32>
  %pview_27 = make_partition_view %tview_18 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %50 = store_view_tko weak %49, %pview_27[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
