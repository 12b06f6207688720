entry @misc_ops_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f32>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg9 : tile<ptr<f32>>
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
  %tview_12 = make_tensor_view %assume_2, shape = [%assume_11], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_x] : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %0 = tan %tile : tile<128xf32>
  %1 = sinh %tile : tile<128xf32>
  %2 = addf %0, %1  : tile<128xf32>
  %3 = cosh %tile : tile<128xf32>
  %4 = addf %2, %3  : tile<128xf32>
  %5 = absi %tile_14 : tile<128xi32>
  %6 = itof %5 signed  : tile<128xi32> -> tile<128xf32>
  %7 = addf %4, %6  : tile<128xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %8 = cmpf greater_than ordered %tile, %bcast : tile<128xf32> -> tile<128xi1>
  %true = constant <i1: true> : tile<128xi1>
  %9 = xori %8, %true : tile<128xi1>
  %cst_0_f32_16 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_17 = reshape %cst_0_f32_16 : tile<f32> -> tile<1xf32>
  %bcast_18 = broadcast %reshape_17 : tile<1xf32> -> tile<128xf32>
  %10 = select %9, %7, %bcast_18 : tile<128xi1>, tile<128xf32>
  %11 = iota : tile<128xi32>
  %reduce:2 = reduce %tile, %11 dim=0 identities=[0x7F800000 : f32, 0 : i32] : tile<128xf32>, tile<128xi32> -> tile<f32>, tile<i32> 
  (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %18 = cmpf less_than ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %19 = cmpf equal ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %20 = cmpf not_equal unordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %21 = cmpf not_equal unordered %reduce_rhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %22 = cmpf equal ordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %23 = andi %22, %21 : tile<i1>
    %24 = ori %18, %23 : tile<i1>
    %25 = andi %20, %21 : tile<i1>
    %26 = ori %19, %25 : tile<i1>
    %27 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1>
    %28 = andi %26, %27 : tile<i1>
    %29 = ori %24, %28 : tile<i1>
    %30 = select %29, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<f32>
    %31 = select %29, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32>
    yield %30, %31 : tile<f32>, tile<i32>
  }
  %12 = itof %reduce#1 signed  : tile<i32> -> tile<f32>
  %reshape_19 = reshape %12 : tile<f32> -> tile<1xf32>
  %bcast_20 = broadcast %reshape_19 : tile<1xf32> -> tile<128xf32>
  %13 = addf %10, %bcast_20  : tile<128xf32>
  %14 = itof %assume_6 signed  : tile<i32> -> tile<f32>
  %reshape_21 = reshape %14 : tile<f32> -> tile<1xf32>
  %bcast_22 = broadcast %reshape_21 : tile<1xf32> -> tile<128xf32>
  %15 = addf %13, %bcast_22  : tile<128xf32>
  %pview_23 = make_partition_view %tview_10 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %16 = atomic_red_view_tko relaxed device %pview_23[%blockId_x], addf, %15 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %sview = make_strided_view %tview_12 : strided_view<tile=(128), traversal_strides=[256], tensor_view<?xf32, strides=[1]>>
  %17 = store_view_tko weak %15, %sview[%blockId_x] : tile<128xf32>, strided_view<tile=(128), traversal_strides=[256], tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
