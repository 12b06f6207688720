entry @while_converge_Kt1_A1f32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %4 = assume div_by<16>, %arg6 : tile<ptr<i32>>
  %5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %6 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview = make_partition_view %tview : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %7, %8, %9 = get_tile_block_id : tile<i32>
  %10, %11 = load_view_tko weak %pview[%7] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %bcast = constant <f32: 5.000000e-01> : tile<64xf32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %12:2 = loop iter_values(%arg10 = %cst_0_i32, %arg11 = %10) : tile<i32>, tile<64xf32> -> tile<i32>, tile<64xf32> {
    %15 = addi %arg10, %6 : tile<i32>
    %16 = mulf %arg11, %bcast : tile<64xf32>
    %17 = absf %arg11 : tile<64xf32>
    %reduce = reduce %17 dim=0 identities=[0xFF800000 : f32] : tile<64xf32> -> tile<f32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %20 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %20 : tile<f32>
    }
    %18 = cmpf greater_than ordered %reduce, %arg9 : tile<f32> -> tile<i1>
    %19 = if %18 -> (tile<i1>) {
      %20 = cmpi less_than %arg10, %cst_32_i32, signed : tile<i32> -> tile<i1>
      yield %20 : tile<i1>
    } else {
      yield %18 : tile<i1>
    }
    if %19 {
    } else {
      break %arg10, %arg11 : tile<i32>, tile<64xf32>
    }
    continue %15, %16 : tile<i32>, tile<64xf32>
  }
  %tview_6 = make_tensor_view %2, shape = [%3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %13 = store_view_tko weak %12#1, %pview_10[%7] token = %tok : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %reshape_11 = reshape %12#0 : tile<i32> -> tile<1xi32>
  %tview_8 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %pview_12 = make_partition_view %tview_8 : partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>
  %14 = store_view_tko weak %reshape_11, %pview_12[%7] token = %tok : tile<1xi32>, partition_view<tile=(1), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
