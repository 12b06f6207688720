entry @gather_offset_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_I512(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tok = make_token : token
  %cst_2_i32 = constant <i32: 2> : tile<512xi32>
  %tview = make_tensor_view %assume_0, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %tview_6 = make_tensor_view %assume_1, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(512), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<512xi32>, token
  %0 = addi %tile, %cst_2_i32 : tile<512xi32>
  %1 = exti %0 signed : tile<512xi32> -> tile<512xi64>
  %2 = exti %assume_3 signed : tile<i32> -> tile<i64>
  %reshape = reshape %2 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<512xi64>
  %3 = cmpi less_than %1, %bcast, unsigned : tile<512xi64> -> tile<512xi1>
  %reshape_7 = reshape %assume : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<f32>> -> tile<512xptr<f32>>
  %5 = offset %bcast_8, %1 : tile<512xptr<f32>>, tile<512xi64> -> tile<512xptr<f32>>
  %bcast_10 = constant <f32: 0.000000e+00> : tile<512xf32>
  %result, %result_token_11 = load_ptr_tko weak %5, %3, %bcast_10 token=%tok : tile<512xptr<f32>>, tile<512xi1>, tile<512xf32> -> tile<512xf32>, token
  %bcast_13 = constant <f32: 1.000000e+00> : tile<512xf32>
  %6 = addf %result, %bcast_13 : tile<512xf32>
  %pview_14 = make_partition_view %tview_6 : partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>
  %7 = store_view_tko weak %6, %pview_14[%blockId_x] token = %tok : tile<512xf32>, partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
