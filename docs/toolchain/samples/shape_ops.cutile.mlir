entry @shape_ops_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_I16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_12 = make_tensor_view %assume_1, shape = [%assume_11], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<16x32xf32>
  %1 = cmpf greater_than ordered %tile, %bcast : tile<16x32xf32> -> tile<16x32xi1>
  %cst_0_f32_13 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_14 = reshape %cst_0_f32_13 : tile<f32> -> tile<1x1xf32>
  %bcast_15 = broadcast %reshape_14 : tile<1x1xf32> -> tile<16x32xf32>
  %2 = select %1, %tile, %bcast_15 : tile<16x32xi1>, tile<16x32xf32>
  %3 = permute %2 [1, 0] : tile<16x32xf32> -> tile<32x16xf32>
  %4 = permute %3 [1, 0] : tile<32x16xf32> -> tile<16x32xf32>
  %reshape_16 = reshape %4 : tile<16x32xf32> -> tile<512xf32>
  %reduce = reduce %tile dim=1 identities=[0.000000e+00 : f32] : tile<16x32xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %11 : tile<f32>
  }
  %reshape_17 = reshape %reduce : tile<16xf32> -> tile<16x1xf32>
  %bcast_18 = broadcast %reshape_17 : tile<16x1xf32> -> tile<16x32xf32>
  %cst_0_i32_19 = constant <i32: 0> : tile<i32>
  %cst_1_i32_20 = constant <i32: 1> : tile<i32>
  %5 = extract %tile[%cst_0_i32_19, %cst_1_i32_20] : tile<16x32xf32> -> tile<16x16xf32>
  %6 = cat %5, %5 dim = 1 : tile<16x16xf32>, tile<16x16xf32> -> tile<16x32xf32>
  %cst_0_i32_21 = constant <i32: 0> : tile<i32>
  %7 = addf %4, %bcast_18  : tile<16x32xf32>
  %8 = addf %7, %6  : tile<16x32xf32>
  %pview_22 = make_partition_view %tview_10 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
  %9 = store_view_tko weak %8, %pview_22[%blockId_x, %cst_0_i32_21] token = %0 : tile<16x32xf32>, partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  %pview_23 = make_partition_view %tview_12 : partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>
  %10 = store_view_tko weak %reshape_16, %pview_23[%blockId_x] token = %0 : tile<512xf32>, partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
