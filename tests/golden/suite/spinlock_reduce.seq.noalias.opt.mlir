entry @spinlock_reduce_Kt1_A1f32_1t1_p16_A1i32_1t1_p16_A1f32_1t1_p16_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<i32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume div_by<16>, %arg6 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %6 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %7, %8, %9 = get_tile_block_id : tile<i32>
  %10, %11 = load_view_tko weak %pview[%7] token = %tok : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %12 = exti %3 signed : tile<i32> -> tile<i64>
  %13 = cmpi less_than %cst_0_i64, %12, unsigned : tile<i64> -> tile<i1>
  %14 = loop iter_values(%tok_0 = %11) : token -> token {
    %21, %22 = atomic_cas_tko acquire device %2, %cst_0_i32, %6, %13 token=%tok_0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %23 = cmpi equal %21, %6, signed : tile<i32> -> tile<i1>
    %24 = if %23 -> (token) {
      yield %22 : token
    } else {
      break %22 : token
    }
    continue %24 : token
  }
  %tview_7 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_11 = make_partition_view %tview_7 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %15, %16 = load_view_tko weak %pview_11[%cst_0_i32] token = %14 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1xf32>, token
  %reduce = reduce %10 dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %21 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %21 : tile<f32>
  }
  %reshape = reshape %reduce : tile<f32> -> tile<1xf32>
  %17 = addf %15, %reshape : tile<1xf32>
  %18 = store_view_tko weak %17, %pview_11[%cst_0_i32] token = %16 : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %19, %20 = atomic_rmw_tko release device %2, xchg, %cst_0_i32, %13 token=%18 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
