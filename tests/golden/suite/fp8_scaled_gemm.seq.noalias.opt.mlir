entry @fp8_scaled_gemm_Kt1_A2f8m3fn_1l0_2t1_p16_A2f8m0fnu_1l0_2t1_p16_A2f8m3fn_1l0_2t1_p16_A2f8m0fnu_1l0_2t1_p16_A2bf16_1l0_2t1_p16_I32_I32_I64(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E8M0FNU>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f8E4M3FN>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f8E8M0FNU>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<ptr<bf16>>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f8E4M3FN>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f8E8M0FNU>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f8E4M3FN>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %12 = assume div_by<16>, %arg15 : tile<ptr<f8E8M0FNU>>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume bounded<0, ?>, %arg17 : tile<i32>
  %15 = assume bounded<0, ?>, %arg18 : tile<i32>
  %16 = assume div_by<16>, %arg20 : tile<ptr<bf16>>
  %17 = assume bounded<0, ?>, %arg21 : tile<i32>
  %18 = assume bounded<0, ?>, %arg22 : tile<i32>
  %19 = assume bounded<0, ?>, %arg23 : tile<i32>
  %20 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(32x64), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %21:2 = get_index_space_shape %pview : partition_view<tile=(32x64), tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %tok = make_token : token
  %pview_31 = make_partition_view %tview : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %22, %23, %24 = get_tile_block_id : tile<i32>
  %tview_14 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %pview_32 = make_partition_view %tview_14 : partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %tview_18 = make_tensor_view %8, shape = [%9, %10], strides = [%11, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %pview_33 = make_partition_view %tview_18 : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %tview_22 = make_tensor_view %12, shape = [%13, %14], strides = [%15, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %pview_34 = make_partition_view %tview_22 : partition_view<tile=(2x32), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %25 = for %loopIdx in (%cst_0_i32 to %21#1, step %20) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
    %28, %29 = load_view_tko weak %pview_31[%22, %loopIdx] token = %tok : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %30, %31 = load_view_tko weak %pview_32[%22, %loopIdx] token = %tok : partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %32, %33 = load_view_tko weak %pview_33[%loopIdx, %23] token = %tok : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<64x32xf8E4M3FN>, token
    %34, %35 = load_view_tko weak %pview_34[%loopIdx, %23] token = %tok : partition_view<tile=(2x32), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %36 = mmaf_scaled %28, %32, %iterArg0, %30, %34 : tile<32x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    continue %36 : tile<32x32xf32>
  }
  %26 = ftof %25 : tile<32x32xf32> -> tile<32x32xbf16>
  %tview_26 = make_tensor_view %16, shape = [%17, %18], strides = [%19, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %pview_35 = make_partition_view %tview_26 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %27 = store_view_tko weak %26, %pview_35[%22, %23] token = %tok : tile<32x32xbf16>, partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  return
}
