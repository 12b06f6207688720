entry @while_converge_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i32>>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_8 = make_tensor_view %assume_1, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %bcast = constant <f32: 5.000000e-01> : tile<64xf32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %9, %0 = loop iter_values(%arg10 = %cst_0_i32, %arg11 = %tile) : tile<i32>, tile<64xf32> -> tile<i32>, tile<64xf32> {
    %3 = absf %arg11 : tile<64xf32>
    %reduce = reduce %3 dim=0 identities=[0xFF800000 : f32] : tile<64xf32> -> tile<f32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %8 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %8 : tile<f32>
    }
    %4 = cmpf greater_than ordered %reduce, %arg9 : tile<f32> -> tile<i1>
    %5 = if %4 -> (tile<i1>) {
      %10 = cmpi less_than %arg10, %cst_32_i32, signed : tile<i32> -> tile<i1>
      yield %10 : tile<i1>
    } else {
      yield %4 : tile<i1>
    }
    if %5 {
    } else {
      break %arg10, %arg11 : tile<i32>, tile<64xf32>
    }
    %6 = mulf %arg11, %bcast : tile<64xf32>
    %7 = addi %arg10, %cst_1_i32 : tile<i32>
    continue %7, %6 : tile<i32>, tile<64xf32>
  }
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %1 = store_view_tko weak %0, %pview_10[%blockId_x] token = %tok : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %reshape_11 = reshape %9 : tile<i32> -> tile<1xi32>
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>
  %2 = store_view_tko weak %reshape_11, %pview_12[%blockId_x] token = %tok : tile<1xi32>, partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
