entry @int_ops_Kt1_A1i32_1t1_p16_A1i32_1t1_p16_A1u32_1t1_p16_A1i32_1t1_p16_A1u32_1t1_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i32>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<i32>>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
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
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_19 = make_partition_view %tview_12 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_20, %result_token_21 = load_view_tko weak %pview_19[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_22 = make_partition_view %tview_14 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_23, %result_token_24 = load_view_tko weak %pview_22[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %0 = shli %tile, %cst_2_i32 : tile<128xi32>
  %1 = shri %tile_20, %cst_1_i32_8 signed : tile<128xi32>
  %2 = addi %0, %1 : tile<128xi32>
  %3 = remi %tile, %tile_20 signed : tile<128xi32>
  %cst_0_i32 = constant <i32: 0> : tile<128xi32>
  %4 = cmpi less_than %3, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %5 = cmpi less_than %tile_20, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %6 = xori %4, %5 : tile<128xi1>
  %7 = cmpi not_equal %3, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %8 = andi %6, %7 : tile<128xi1>
  %9 = addi %3, %tile_20 : tile<128xi32>
  %10 = select %8, %9, %3 : tile<128xi1>, tile<128xi32>
  %11 = addi %2, %10 : tile<128xi32>
  %12 = divi %tile, %tile_20 signed rounding<negative_inf> : tile<128xi32>
  %13 = addi %11, %12 : tile<128xi32>
  %14 = divi %tile, %tile_20 signed rounding<positive_inf> : tile<128xi32>
  %15 = addi %13, %14 : tile<128xi32>
  %16 = mini %tile, %tile_20 signed : tile<128xi32>
  %17 = addi %15, %16 : tile<128xi32>
  %18 = maxi %tile, %tile_20 signed : tile<128xi32>
  %19 = addi %17, %18 : tile<128xi32>
  %20 = andi %tile, %tile_20 : tile<128xi32>
  %21 = xori %tile, %cst_5_i32 : tile<128xi32>
  %22 = ori %20, %21 : tile<128xi32>
  %23 = addi %19, %22 : tile<128xi32>
  %cst_-1_i32 = constant <i32: -1> : tile<128xi32>
  %24 = xori %tile_20, %cst_-1_i32 : tile<128xi32>
  %25 = addi %23, %24 : tile<128xi32>
  %26 = negi %tile : tile<128xi32>
  %27 = addi %25, %26 : tile<128xi32>
  %28 = muli %tile, %tile_20 : tile<128xi32>
  %29 = addi %27, %28 : tile<128xi32>
  %30 = subi %29, %tile_20 : tile<128xi32>
  %31 = cmpi less_than %tile, %tile_20, signed : tile<128xi32> -> tile<128xi1>
  %32 = addi %30, %cst_1_i32_9 : tile<128xi32>
  %33 = select %31, %30, %32 : tile<128xi1>, tile<128xi32>
  %pview_25 = make_partition_view %tview_16 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %34 = store_view_tko weak %33, %pview_25[%blockId_x] : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %35 = shri %tile_23, %cst_3_i32 unsigned : tile<128xi32>
  %36 = remi %tile_23, %cst_7_i32 unsigned : tile<128xi32>
  %cst_0_i32_26 = constant <i32: 0> : tile<128xi32>
  %37 = cmpi less_than %36, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %38 = cmpi less_than %cst_7_i32, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %39 = xori %37, %38 : tile<128xi1>
  %40 = cmpi not_equal %36, %cst_0_i32_26, unsigned : tile<128xi32> -> tile<128xi1>
  %41 = andi %39, %40 : tile<128xi1>
  %42 = addi %36, %cst_7_i32 : tile<128xi32>
  %43 = select %41, %42, %36 : tile<128xi1>, tile<128xi32>
  %44 = addi %35, %43 : tile<128xi32>
  %45 = maxi %tile_23, %tile_23 unsigned : tile<128xi32>
  %46 = addi %44, %45 : tile<128xi32>
  %47 = cmpi greater_than %tile_23, %46, unsigned : tile<128xi32> -> tile<128xi1>
  %48 = select %47, %46, %tile_23 : tile<128xi1>, tile<128xi32>
  %pview_27 = make_partition_view %tview_18 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %49 = store_view_tko weak %48, %pview_27[%blockId_x] : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
