entry @cumsum_rows_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_I32(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_2, %assume_3], strides = [%assume_4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_8 = make_tensor_view %assume_0, shape = [%assume_5, %assume_6], strides = [%assume_7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x1xf32>
  %pview = make_partition_view %tview : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %6 = get_index_space_shape %pview : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_10 = make_partition_view %tview : partition_view<tile=(1x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>
  %cst_31_i32 = constant <i32: 31> : tile<i32>
  %for = for %loopIdx in (%cst_0_i32 to %6, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x1xf32>) {
    %tile, %result_token = load_view_tko weak %pview_10[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x32), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x32xf32>, token
    %1 = scan %tile dim=1 reverse=false identities=[0.000000e+00 : f32] : tile<1x32xf32> -> tile<1x32xf32>
    (%arg10: tile<f32>, %arg11: tile<f32>) {
      %5 = addf %arg10, %arg11 : tile<f32>
      yield %5 : tile<f32>
    }
    %bcast = broadcast %iterArg0 : tile<1x1xf32> -> tile<1x32xf32>
    %2 = addf %1, %bcast : tile<1x32xf32>
    %3 = store_view_tko weak %2, %pview_11[%blockId_x, %loopIdx] token = %tok : tile<1x32xf32>, partition_view<tile=(1x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %4 = extract %2[%cst_0_i32, %cst_31_i32] : tile<1x32xf32> -> tile<1x1xf32>
    continue %4 : tile<1x1xf32>
  }
  return
}
