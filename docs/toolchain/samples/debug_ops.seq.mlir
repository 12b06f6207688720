entry @debug_ops_Kt1_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %assume_0 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_0], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %blockId_x_1, %blockId_y_2, %blockId_z_3 = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %2 : tile<f32>
  }
  %0 = print_tko "blk %d of %d: %f\0A", %blockId_y_2, %gridSize_y, %reduce : tile<i32>, tile<i32>, tile<f32> -> token
  %reduce_4 = reduce %tile dim=0 identities=[0x7F800000 : f32] : tile<128xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = minf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %2 : tile<f32>
  }
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %1 = cmpf greater_than_or_equal ordered %reduce_4, %cst_0_f32 : tile<f32> -> tile<i1>
  assert %1, "negative input" : tile<i1>
  return
}
