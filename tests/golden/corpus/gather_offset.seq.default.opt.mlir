entry @gather_offset_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_I512(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %2, shape = [%3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(512), padding_value = zero, tensor_view<?xi32, strides=[1]>>
  %6, %7, %8 = get_tile_block_id : tile<i32>
  %9, %10 = load_view_tko weak %pview[%6] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<512xi32>, token
  %reshape_7 = reshape %0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<f32>> -> tile<512xptr<f32>>
  %cst_2_i32 = constant <i32: 2> : tile<512xi32>
  %11 = addi %9, %cst_2_i32 : tile<512xi32>
  %12 = exti %11 signed : tile<512xi32> -> tile<512xi64>
  %13 = offset %bcast_8, %12 : tile<512xptr<f32>>, tile<512xi64> -> tile<512xptr<f32>>
  %14 = exti %1 signed : tile<i32> -> tile<i64>
  %reshape = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<512xi64>
  %15 = cmpi less_than %12, %bcast, unsigned : tile<512xi64> -> tile<512xi1>
  %bcast_10 = constant <f32: 0.000000e+00> : tile<512xf32>
  %16, %17 = load_ptr_tko weak %13, %15, %bcast_10 token=%tok : tile<512xptr<f32>>, tile<512xi1>, tile<512xf32> -> tile<512xf32>, token
  %bcast_13 = constant <f32: 1.000000e+00> : tile<512xf32>
  %18 = addf %16, %bcast_13 : tile<512xf32>
  %tview_6 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_14 = make_partition_view %tview_6 : partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>
  %19 = store_view_tko weak %18, %pview_14[%6] token = %tok : tile<512xf32>, partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
