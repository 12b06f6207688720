entry @persistent_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %1 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %pview_16 = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %2, %15 = get_index_space_shape %pview_16 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %3 = muli %0, %1 : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %4 = cmpi less_than %1, %cst_0_i32, signed : tile<i32> -> tile<i1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %pview_19 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %tok_for = for %loopIdx in (%blockId_x to %3, step %gridSize_x) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %5 = divi %loopIdx, %1 signed rounding<negative_inf> : tile<i32>
    %6 = remi %loopIdx, %1 signed : tile<i32>
    %7 = cmpi less_than %6, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %8 = xori %7, %4 : tile<i1>
    %9 = cmpi not_equal %6, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %10 = andi %8, %9 : tile<i1>
    %11 = addi %6, %1 : tile<i32>
    %12 = select %10, %11, %6 : tile<i1>, tile<i32>
    %for = for %loopIdx_22 in (%cst_0_i32 to %15, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
      %tile, %result_token = load_view_tko weak %pview_19[%5, %loopIdx_22] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %tile_23, %result_token_24 = load_view_tko weak %pview_20[%loopIdx_22, %12] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %14 = mmaf %tile, %tile_23, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %14 : tile<32x32xf32>
    }
    %13 = store_view_tko weak %for, %pview[%5, %12] token = %tok_0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %13 : token
  }
  return
}
