entry @for_if_continue_Kt1_A1i32_1t1_p16_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview = make_tensor_view %assume_0, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_10 = make_tensor_view %assume_1, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_11 = constant <i32: 1> : tile<i32>
  %cst_0_i32_12 = constant <i32: 0> : tile<i32>
  %2 = exti %assume_3 signed : tile<i32> -> tile<i64>
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
  %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<1x64xf32>
  %pview_15 = make_partition_view %tview_10 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32_11) : tile<i32> {
    %3 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %4 = cmpi less_than %3, %2, unsigned : tile<i64> -> tile<i1>
    %5 = muli %3, %cst_1_i64 : tile<i64>
    %6 = offset %assume, %5 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
    %assume_16 = assume div_by<4>, %6 : tile<ptr<i32>>
    %result, %result_token = load_ptr_tko weak %assume_16, %4, %cst_0_i32_12 token=%0 : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
    %7 = cmpi equal %result, %cst_0_i32_13, signed : tile<i32> -> tile<i1>
    if %7 {
      continue
    } else {
    }
    %tile, %result_token_17 = load_view_tko weak %pview_14[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %8 = mulf %tile, %bcast  : tile<1x64xf32>
    %9 = store_view_tko weak %8, %pview_15[%blockId_x, %loopIdx] token = %0 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
