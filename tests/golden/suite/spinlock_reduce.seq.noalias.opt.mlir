entry @spinlock_reduce_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %assume_5 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_7 = make_tensor_view %assume_1, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %tok : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %11 : tile<f32>
  }
  %reshape = reshape %reduce : tile<f32> -> tile<1xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %0 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %1 = cmpi less_than %cst_0_i64, %0, unsigned : tile<i64> -> tile<i1>
  %tok_loop = loop iter_values(%tok_0 = %result_token) : token -> token {
    %result_19, %result_token_20 = atomic_cas_tko acquire device %assume_0, %cst_0_i32, %cst_1_i32, %1 token=%tok_0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %10 = cmpi equal %result_19, %cst_1_i32, signed : tile<i32> -> tile<i1>
    %tok_if = if %10 -> (token) {
      yield %result_token_20 : token
    } else {
      break %result_token_20 : token
    }
    continue %tok_if : token
  }
  %pview_11 = make_partition_view %tview_7 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %tile_12, %result_token_13 = load_view_tko weak %pview_11[%cst_0_i32] token = %tok_loop : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
  %4 = addf %tile_12, %reshape : tile<1xf32>
  %5 = store_view_tko weak %4, %pview_11[%cst_0_i32] token = %result_token_13 : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %result, %result_token_18 = atomic_rmw_tko release device %assume_0, xchg, %cst_0_i32, %1 token=%5 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
