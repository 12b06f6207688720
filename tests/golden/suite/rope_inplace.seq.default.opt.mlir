entry @rope_inplace_Kt1_A2f32_1l0_2t1_p16g0_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16g0_I8_I16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12 = assume div_by<16>, %arg15 : tile<ptr<f32>>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume bounded<0, ?>, %arg17 : tile<i32>
  %15 = assume bounded<0, ?>, %arg18 : tile<i32>
  %16 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %17 = divi %2, %cst_32_i32 signed rounding<negative_inf> : tile<i32>
  %tok = make_token : token
  %tview_12 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview_12 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %18, %19, %20 = get_tile_block_id : tile<i32>
  %21, %22 = load_view_tko weak %pview[%18, %cst_0_i32] token = %tok : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
  %tview_16 = make_tensor_view %8, shape = [%9, %10], strides = [%11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_22 = make_partition_view %tview_16 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %23, %24 = load_view_tko weak %pview_22[%18, %cst_0_i32] token = %tok : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_27 = make_partition_view %tview : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %tview_20 = make_tensor_view %12, shape = [%13, %14], strides = [%15, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_32 = make_partition_view %tview_20 : partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>
  %25 = for %loopIdx in (%cst_0_i32 to %17, step %16) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %26 = muli %cst_2_i32, %loopIdx : tile<i32>
    %27, %28 = load_view_tko weak %pview_27[%18, %26] token = %tok_0 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
    %29 = addi %26, %16 : tile<i32>
    %30, %31 = load_view_tko weak %pview_27[%18, %29] token = %tok_0 : partition_view<tile=(8x16), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x16xf32>, token
    %result_token_39 = join_tokens %31, %28 : token
    %32 = mulf %30, %23 : tile<8x16xf32>
    %33 = negf %32 : tile<8x16xf32>
    %34 = fma %27, %21, %33 : tile<8x16xf32>
    %35 = store_view_tko weak %34, %pview_32[%18, %26] token = %result_token_39 : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %36 = mulf %27, %23 : tile<8x16xf32>
    %37 = fma %30, %21, %36 : tile<8x16xf32>
    %38 = store_view_tko weak %37, %pview_32[%18, %29] token = %35 : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %38 : token
  }
  return
}
