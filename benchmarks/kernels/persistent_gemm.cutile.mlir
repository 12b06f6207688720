entry @persistent_gemm_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_10 = make_tensor_view %assume_0, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_11 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_14 = make_tensor_view %assume_1, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %pview_15 = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %2:2 = get_index_space_shape %pview_15 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %pview_16 = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %3:2 = get_index_space_shape %pview_16 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %4 = muli %1#0, %2#1 : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %5 = cmpi less_than %2#1, %cst_0_i32, signed : tile<i32> -> tile<i1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %cst_0_i32_17 = constant <i32: 0> : tile<i32>
  %cst_1_i32_18 = constant <i32: 1> : tile<i32>
  %pview_19 = make_partition_view %tview : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_20 = make_partition_view %tview_10 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_21 = make_partition_view %tview_14 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %for = for %loopIdx in (%blockId_x to %4, step %gridSize_x) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %6 = divi %loopIdx, %2#1 signed rounding<negative_inf> : tile<i32>
    %7 = remi %loopIdx, %2#1 signed : tile<i32>
    %8 = cmpi less_than %7, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %9 = xori %8, %5 : tile<i1>
    %10 = cmpi not_equal %7, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %11 = andi %9, %10 : tile<i1>
    %12 = addi %7, %2#1 : tile<i32>
    %13 = select %11, %12, %7 : tile<i1>, tile<i32>
    %for_22 = for %loopIdx_23 in (%cst_0_i32_17 to %3#1, step %cst_1_i32_18) : tile<i32> iter_values(%iterArg0_24 = %cst_0_f32) -> (tile<32x32xf32>) {
      %tile, %result_token = load_view_tko weak %pview_19[%6, %loopIdx_23] token = %0 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %tile_25, %result_token_26 = load_view_tko weak %pview_20[%loopIdx_23, %13] token = %0 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %15 = mmaf %tile, %tile_25, %iterArg0_24 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %15 : tile<32x32xf32>
    }
    %14 = store_view_tko weak %for_22, %pview_21[%6, %13] token = %iterArg0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    continue %14 : token
  }
  return
}
