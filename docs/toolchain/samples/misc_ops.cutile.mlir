entry @misc_ops_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f32>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
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
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %pview_13 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %1 = tan %tile : tile<128xf32>
  %2 = sinh %tile : tile<128xf32>
  %3 = addf %1, %2  : tile<128xf32>
  %4 = cosh %tile : tile<128xf32>
  %5 = addf %3, %4  : tile<128xf32>
  %6 = absi %tile_14 : tile<128xi32>
  %7 = itof %6 signed  : tile<128xi32> -> tile<128xf32>
  %8 = addf %5, %7  : tile<128xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %9 = cmpf greater_than ordered %tile, %bcast : tile<128xf32> -> tile<128xi1>
  %true = constant <i1: true> : tile<128xi1>
  %10 = xori %9, %true : tile<128xi1>
  %cst_0_f32_16 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_17 = reshape %cst_0_f32_16 : tile<f32> -> tile<1xf32>
  %bcast_18 = broadcast %reshape_17 : tile<1xf32> -> tile<128xf32>
  %11 = select %10, %8, %bcast_18 : tile<128xi1>, tile<128xf32>
  %12 = iota : tile<128xi32>
  %reduce:2 = reduce %tile, %12 dim=0 identities=[0x7F800000 : f32, 0 : i32] : tile<128xf32>, tile<128xi32> -> tile<f32>, tile<i32> 
  (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %19 = cmpf less_than ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %20 = cmpf equal ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %21 = cmpf not_equal unordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %22 = cmpf not_equal unordered %reduce_rhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %23 = cmpf equal ordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %24 = andi %23, %22 : tile<i1>
    %25 = ori %19, %24 : tile<i1>
    %26 = andi %21, %22 : tile<i1>
    %27 = ori %20, %26 : tile<i1>
    %28 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1>
    %29 = andi %27, %28 : tile<i1>
    %30 = ori %25, %29 : tile<i1>
    %31 = select %30, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<f32>
    %32 = select %30, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32>
    yield %31, %32 : tile<f32>, tile<i32>
  }
  %13 = itof %reduce#1 signed  : tile<i32> -> tile<f32>
  %reshape_19 = reshape %13 : tile<f32> -> tile<1xf32>
  %bcast_20 = broadcast %reshape_19 : tile<1xf32> -> tile<128xf32>
  %14 = addf %11, %bcast_20  : tile<128xf32>
  %15 = itof %assume_6 signed  : tile<i32> -> tile<f32>
  %reshape_21 = reshape %15 : tile<f32> -> tile<1xf32>
  %bcast_22 = broadcast %reshape_21 : tile<1xf32> -> tile<128xf32>
  %16 = addf %14, %bcast_22  : tile<128xf32>
  %pview_23 = make_partition_view %tview_10 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %17 = atomic_red_view_tko relaxed device %pview_23[%blockId_x], addf, %16 token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %sview = make_strided_view %tview_12 : strided_view<tile=(128), traversal_strides=[256], tensor_view<?xf32, strides=[1]>>
  %18 = store_view_tko weak %16, %sview[%blockId_x] token = %0 : tile<128xf32>, strided_view<tile=(128), traversal_strides=[256], tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
