entry @store_in_if_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
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
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %0 = cmpi equal %blockId_x, %cst_0_i32, signed : tile<i32> -> tile<i1>
  if %0 {
    %pview_9 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %2 = store_view_tko weak %tile, %pview_9[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  } else {
  }
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %2 : tile<f32>
  }
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %1 = cmpf greater_than ordered %reduce, %cst_0_f32 : tile<f32> -> tile<i1>
  if %1 {
    %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
    %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
    %2 = addf %tile, %bcast  : tile<128xf32>
    %pview_9 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %3 = store_view_tko weak %2, %pview_9[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  } else {
    %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
    %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
    %2 = subf %tile, %bcast  : tile<128xf32>
    %pview_9 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %3 = store_view_tko weak %2, %pview_9[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  }
  return
}
