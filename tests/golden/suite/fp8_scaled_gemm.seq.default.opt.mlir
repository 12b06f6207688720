entry @fp8_scaled_gemm_Kt1_A2f8m3fn_1l0_2t1_p16_A2f8m0fnu_1l0_2t1_p16_A2f8m3fn_1l0_2t1_p16_A2f8m0fnu_1l0_2t1_p16_A2bf16_1l0_2t1_p16_I32_I32_I64(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E8M0FNU>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f8E4M3FN>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f8E8M0FNU>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<ptr<bf16>>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f8E4M3FN>>
  %assume_8 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f8E8M0FNU>>
  %assume_11 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f8E4M3FN>>
  %assume_15 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_2 = assume div_by<16>, %arg15 : tile<ptr<f8E8M0FNU>>
  %assume_19 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_21 = assume bounded<0, ?>, %arg18 : tile<i32>
  %assume_3 = assume div_by<16>, %arg20 : tile<ptr<bf16>>
  %assume_23 = assume bounded<0, ?>, %arg21 : tile<i32>
  %assume_24 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_25 = assume bounded<0, ?>, %arg23 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_8, %assume_9], strides = [%assume_10, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %tview_14 = make_tensor_view %assume_0, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %tview_18 = make_tensor_view %assume_1, shape = [%assume_15, %assume_16], strides = [%assume_17, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %tview_22 = make_tensor_view %assume_2, shape = [%assume_19, %assume_20], strides = [%assume_21, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %tview_26 = make_tensor_view %assume_3, shape = [%assume_23, %assume_24], strides = [%assume_25, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %pview = make_partition_view %tview : partition_view<tile=(32x64), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %0, %4 = get_index_space_shape %pview : partition_view<tile=(32x64), tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_31 = make_partition_view %tview : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %pview_32 = make_partition_view %tview_14 : partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %pview_33 = make_partition_view %tview_18 : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %pview_34 = make_partition_view %tview_22 : partition_view<tile=(2x32), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %4, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
    %tile, %result_token = load_view_tko weak %pview_31[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %tile_36, %result_token_37 = load_view_tko weak %pview_32[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %tile_38, %result_token_39 = load_view_tko weak %pview_33[%loopIdx, %blockId_y] token = %tok : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<64x32xf8E4M3FN>, token
    %tile_40, %result_token_41 = load_view_tko weak %pview_34[%loopIdx, %blockId_y] token = %tok : partition_view<tile=(2x32), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %3 = mmaf_scaled %tile, %tile_38, %iterArg0, %tile_36, %tile_40 : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    continue %3 : tile<32x32xf32>
  }
  %1 = ftof %for : tile<32x32xf32> -> tile<32x32xbf16>
  %pview_35 = make_partition_view %tview_26 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %2 = store_view_tko weak %1, %pview_35[%blockId_x, %blockId_y] token = %tok : tile<32x32xbf16>, partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  return
}
