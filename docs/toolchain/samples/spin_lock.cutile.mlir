entry @spin_lock_Kt1_A1i32_1t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_3 = constant <i64: 1> : tile<i64>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %assume_0, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_7 = make_tensor_view %assume_1, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %1 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %cst_0_i64, %1, unsigned : tile<i64> -> tile<i1>
  %3 = muli %cst_0_i64, %cst_1_i64 : tile<i64>
  %4 = offset %assume, %3 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %cst_0_i32_9 = constant <i32: 0> : tile<i32>
  %5:2 = loop iter_values(%arg9 = %0, %arg10 = %0) : token, token -> token, token {
    %16 = join_tokens %arg9, %arg10 : token
    %result_14, %result_token_15 = atomic_cas_tko acquire device %4, %cst_0_i32, %cst_1_i32_8, %2 token=%16 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %17 = cmpi equal %result_14, %cst_0_i32_9, signed : tile<i32> -> tile<i1>
    if %17 {
      break %result_token_15, %result_token_15 : token, token
    } else {
    }
    continue %result_token_15, %result_token_15 : token, token
  }
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %6 = join_tokens %0, %5#1 : token
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %6 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %7 = join_tokens %0, %result_token : token
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %8 = addf %tile, %bcast  : tile<128xf32>
  %pview_10 = make_partition_view %tview_7 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %9 = join_tokens %0, %5#1 : token
  %10 = store_view_tko weak %8, %pview_10[%blockId_x] token = %9 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %cst_0_i32_11 = constant <i32: 0> : tile<i32>
  %cst_0_i64_12 = constant <i64: 0> : tile<i64>
  %11 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %12 = cmpi less_than %cst_0_i64_12, %11, unsigned : tile<i64> -> tile<i1>
  %13 = muli %cst_0_i64_12, %cst_1_i64_3 : tile<i64>
  %14 = offset %assume, %13 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %15 = join_tokens %5#0, %5#1, %7, %10 : token
  %result, %result_token_13 = atomic_rmw_tko release device %14, xchg, %cst_0_i32_11, %12 token=%15 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
