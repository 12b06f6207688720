entry @strided_store_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<128xi32>
  %cst_1_i32_3 = constant <i32: 1> : tile<128xi32>
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_6 = make_tensor_view %assume_0, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %1 = get_index_space_shape %pview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %pview_9 = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %cst_2_i32_10 = constant <i32: 2> : tile<i32>
  %cst_1_i32_11 = constant <i32: 1> : tile<i32>
  %pview_12 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %cst_2_i32_13 = constant <i32: 2> : tile<i32>
  %pview_14 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %for = for %loopIdx in (%cst_0_i32 to %1, step %cst_1_i32_8) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %tile, %result_token = load_view_tko weak %pview_9[%loopIdx] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %12 = muli %cst_2_i32_10, %loopIdx : tile<i32>
    %13 = addi %12, %cst_1_i32_11 : tile<i32>
    %14 = store_view_tko weak %tile, %pview_12[%13] token = %iterArg0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %15 = muli %cst_2_i32_13, %loopIdx : tile<i32>
    %16 = negf %tile : tile<128xf32>
    %17 = store_view_tko weak %16, %pview_14[%15] token = %14 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %17 : token
  }
  %2 = iota : tile<128xi32>
  %3 = muli %cst_2_i32, %2 : tile<128xi32>
  %4 = addi %3, %cst_1_i32_3 : tile<128xi32>
  %5 = itof %2 signed  : tile<128xi32> -> tile<128xf32>
  %6 = exti %4 signed : tile<128xi32> -> tile<128xi64>
  %7 = exti %assume_7 signed : tile<i32> -> tile<i64>
  %reshape = reshape %7 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<128xi64>
  %8 = cmpi less_than %6, %bcast, unsigned : tile<128xi64> -> tile<128xi1>
  %9 = muli %6, %cst_1_i64 : tile<128xi64>
  %reshape_15 = reshape %assume_1 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_16 = broadcast %reshape_15 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %10 = offset %bcast_16, %9 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %11 = store_ptr_tko weak %10, %5, %8 token=%0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
  return
}
