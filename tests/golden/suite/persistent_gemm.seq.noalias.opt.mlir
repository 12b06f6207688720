entry @persistent_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12 = constant <i32: 1> : tile<i32>
  %13, %14, %15 = get_tile_block_id : tile<i32>
  %tview_14 = make_tensor_view %8, shape = [%9, %10], strides = [%11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %16:2 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %17 = muli %16#0, %16#1 : tile<i32>
  %18, %19, %20 = get_num_tile_blocks : tile<i32>
  %tok = make_token : token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_16 = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %21:2 = get_index_space_shape %pview_16 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %pview_19 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %tview_10 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %22 = cmpi less_than %16#1, %cst_0_i32, signed : tile<i32> -> tile<i1>
  %23 = for %loopIdx in (%13 to %17, step %18) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %24 = divi %loopIdx, %16#1 signed rounding<negative_inf> : tile<i32>
    %25 = remi %loopIdx, %16#1 signed : tile<i32>
    %26 = cmpi less_than %25, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %27 = xori %26, %22 : tile<i1>
    %28 = cmpi not_equal %25, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %29 = andi %27, %28 : tile<i1>
    %30 = addi %25, %16#1 : tile<i32>
    %31 = select %29, %30, %25 : tile<i1>, tile<i32>
    %32 = for %loopIdx_22 in (%cst_0_i32 to %21#1, step %12) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
      %34, %35 = load_view_tko weak %pview_19[%24, %loopIdx_22] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %36, %37 = load_view_tko weak %pview_20[%loopIdx_22, %31] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %38 = mmaf %34, %36, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %38 : tile<32x32xf32>
    }
    %33 = store_view_tko weak %32, %pview[%24, %31] token = %tok_0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %33 : token
  }
  return
}
