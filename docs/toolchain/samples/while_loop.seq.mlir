entry @while_loop_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_Si32_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_4 = make_tensor_view %assume_0, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %cst_0_f32_6 = constant <f32: 0.000000e+00> : tile<f32>
  %cst_100_f32 = constant <f32: 1.000000e+02> : tile<f32>
  %0:2 = loop iter_values(%arg7 = %cst_0_f32, %arg8 = %cst_0_i32) : tile<128xf32>, tile<i32> -> tile<128xf32>, tile<i32> {
    %2 = cmpi less_than %arg8, %arg6, signed : tile<i32> -> tile<i1>
    if %2 {
    } else {
      break %arg7, %arg8 : tile<128xf32>, tile<i32>
    }
    %tile, %result_token = load_view_tko weak %pview[%arg8] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %3 = addi %arg8, %cst_1_i32_5 : tile<i32>
    %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %7 : tile<f32>
    }
    %4 = cmpf less_than ordered %reduce, %cst_0_f32_6 : tile<f32> -> tile<i1>
    if %4 {
      continue %arg7, %3 : tile<128xf32>, tile<i32>
    } else {
    }
    %5 = addf %arg7, %tile  : tile<128xf32>
    %reduce_8 = reduce %5 dim=0 identities=[0xFF800000 : f32] : tile<128xf32> -> tile<f32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %7 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %7 : tile<f32>
    }
    %6 = cmpf greater_than ordered %reduce_8, %cst_100_f32 : tile<f32> -> tile<i1>
    if %6 {
      break %5, %3 : tile<128xf32>, tile<i32>
    } else {
    }
    continue %5, %3 : tile<128xf32>, tile<i32>
  }
  %pview_7 = make_partition_view %tview_4 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %1 = store_view_tko weak %0#0, %pview_7[%blockId_x] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
