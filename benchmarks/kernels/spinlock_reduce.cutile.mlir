entry @spinlock_reduce_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_3 = constant <i64: 1> : tile<i64>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_7 = make_tensor_view %assume_1, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = join_tokens %0, %result_token : token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %17 : tile<f32>
  }
  %reshape = reshape %reduce : tile<f32> -> tile<1xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %2 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %3 = cmpi less_than %cst_0_i64, %2, unsigned : tile<i64> -> tile<i1>
  %4 = muli %cst_0_i64, %cst_1_i64 : tile<i64>
  %5 = offset %assume_0, %4 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %cst_1_i32_9 = constant <i32: 1> : tile<i32>
  %6:2 = loop iter_values(%arg9 = %0, %arg10 = %0) : token, token -> token, token {
    %17 = join_tokens %arg9, %arg10 : token
    %result_19, %result_token_20 = atomic_cas_tko acquire device %5, %cst_0_i32, %cst_1_i32_8, %3 token=%17 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %18 = cmpi equal %result_19, %cst_1_i32_9, signed : tile<i32> -> tile<i1>
    if %18 {
    } else {
      break %result_token_20, %result_token_20 : token, token
    }
    continue %result_token_20, %result_token_20 : token, token
  }
  %cst_0_i32_10 = constant <i32: 0> : tile<i32>
  %pview_11 = make_partition_view %tview_7 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %7 = join_tokens %0, %6#1 : token
  %tile_12, %result_token_13 = load_view_tko weak %pview_11[%cst_0_i32_10] token = %7 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
  %8 = join_tokens %0, %result_token_13 : token
  %cst_0_i32_14 = constant <i32: 0> : tile<i32>
  %9 = addf %tile_12, %reshape  : tile<1xf32>
  %pview_15 = make_partition_view %tview_7 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %10 = join_tokens %8, %6#1 : token
  %11 = store_view_tko weak %9, %pview_15[%cst_0_i32_14] token = %10 : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %cst_0_i32_16 = constant <i32: 0> : tile<i32>
  %cst_0_i64_17 = constant <i64: 0> : tile<i64>
  %12 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %13 = cmpi less_than %cst_0_i64_17, %12, unsigned : tile<i64> -> tile<i1>
  %14 = muli %cst_0_i64_17, %cst_1_i64_3 : tile<i64>
  %15 = offset %assume_0, %14 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %16 = join_tokens %6#0, %1, %6#1, %11 : token
  %result, %result_token_18 = atomic_rmw_tko release device %15, xchg, %cst_0_i32_16, %13 token=%16 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
