entry @reduce_ops_Kt1_A2f32_1l0_2t1_p16_A2i32_1l0_2t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<i32>>, %arg14: tile<i32>, %arg15: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<i32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_9 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_12 = make_tensor_view %assume_0, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_13], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_15 = assume bounded<0, ?>, %arg14 : tile<i32>
  %tview_16 = make_tensor_view %assume_2, shape = [%assume_15], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
  %cst_0_i32_17 = constant <i32: 0> : tile<i32>
  %pview_18 = make_partition_view %tview_12 : partition_view<tile=(16x32), tensor_view<?x?xi32, strides=[?,1]>>
  %tile_19, %result_token_20 = load_view_tko weak %pview_18[%blockId_x, %cst_0_i32_17] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> tile<16x32xi32>, token
  %reduce = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<16x32xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %9 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %9 : tile<f32>
  }
  %reduce_21 = reduce %tile dim=1 identities=[0x7F800000 : f32] : tile<16x32xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %9 = minf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %9 : tile<f32>
  }
  %reduce_22 = reduce %tile dim=1 identities=[1.000000e+00 : f32] : tile<16x32xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %9 = mulf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %9 : tile<f32>
  }
  %1 = iota : tile<32xi32>
  %reshape = reshape %1 : tile<32xi32> -> tile<1x32xi32>
  %bcast = broadcast %reshape : tile<1x32xi32> -> tile<16x32xi32>
  %reduce_23:2 = reduce %tile, %bcast dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<16x32xf32>, tile<16x32xi32> -> tile<16xf32>, tile<16xi32> 
  (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %9 = cmpf greater_than ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %10 = cmpf equal ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %11 = cmpf not_equal unordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %12 = cmpf not_equal unordered %reduce_rhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %13 = cmpf equal ordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %14 = andi %13, %12 : tile<i1>
    %15 = ori %9, %14 : tile<i1>
    %16 = andi %11, %12 : tile<i1>
    %17 = ori %10, %16 : tile<i1>
    %18 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1>
    %19 = andi %17, %18 : tile<i1>
    %20 = ori %15, %19 : tile<i1>
    %21 = select %20, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<f32>
    %22 = select %20, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32>
    yield %21, %22 : tile<f32>, tile<i32>
  }
  %reduce_24 = reduce %tile dim=1 identities=[0.000000e+00 : f32] : tile<16x32xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %9 = fma %reduce_rhs, %reduce_rhs, %reduce_lhs  : tile<f32>
    yield %9 : tile<f32>
  }
  %2 = addf %reduce, %reduce_21  : tile<16xf32>
  %3 = addf %2, %reduce_22  : tile<16xf32>
  %4 = addf %3, %reduce_24  : tile<16xf32>
  %pview_25 = make_partition_view %tview_14 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %5 = store_view_tko weak %4, %pview_25[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %reduce_26 = reduce %tile_19 dim=1 identities=[-2147483648 : i32] : tile<16x32xi32> -> tile<16xi32> 
  (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
    %9 = maxi %reduce_lhs, %reduce_rhs signed : tile<i32>
    yield %9 : tile<i32>
  }
  %reduce_27 = reduce %tile_19 dim=1 identities=[2147483647 : i32] : tile<16x32xi32> -> tile<16xi32> 
  (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
    %9 = mini %reduce_lhs, %reduce_rhs signed : tile<i32>
    yield %9 : tile<i32>
  }
  %reshape_28 = reshape %reduce_27 : tile<16xi32> -> tile<16x1xi32>
  %6 = addi %reduce_26, %reduce_23#1 : tile<16xi32>
  %reshape_29 = reshape %reshape_28 : tile<16x1xi32> -> tile<16xi32>
  %7 = addi %6, %reshape_29 : tile<16xi32>
  %pview_30 = make_partition_view %tview_16 : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
  %8 = store_view_tko weak %7, %pview_30[%blockId_x] token = %0 : tile<16xi32>, partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
