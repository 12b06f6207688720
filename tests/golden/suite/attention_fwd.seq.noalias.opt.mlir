entry @attention_fwd_Kt1_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_Sf32_I16_I16_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f16>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f16>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_6 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg5 : tile<i32>
  %assume_0 = assume div_by<16>, %arg7 : tile<ptr<f16>>
  %assume_11 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_1 = assume div_by<16>, %arg14 : tile<ptr<f16>>
  %assume_17 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg18 : tile<i32>
  %assume_21 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_2 = assume div_by<16>, %arg21 : tile<ptr<f16>>
  %assume_23 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_24 = assume bounded<0, ?>, %arg23 : tile<i32>
  %assume_25 = assume bounded<0, ?>, %arg24 : tile<i32>
  %assume_26 = assume bounded<0, ?>, %arg25 : tile<i32>
  %assume_27 = assume bounded<0, ?>, %arg26 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_6, %assume_7, %assume_8], strides = [%assume_9, %assume_10, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %tview_16 = make_tensor_view %assume_0, shape = [%assume_11, %assume_12, %assume_13], strides = [%assume_14, %assume_15, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %tview_22 = make_tensor_view %assume_1, shape = [%assume_17, %assume_18, %assume_19], strides = [%assume_20, %assume_21, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %tview_28 = make_tensor_view %assume_2, shape = [%assume_23, %assume_24, %assume_25], strides = [%assume_26, %assume_27, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_y, %blockId_x, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
  %reshape = reshape %tile : tile<1x16x32xf16> -> tile<16x32xf16>
  %cst_f32 = constant <f32: 0xFF800000> : tile<16x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<16x1xf32>
  %cst_0_f32_32 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %pview_33 = make_partition_view %tview_16 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %0, %17, %18 = get_index_space_shape %pview_33 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>> -> tile<i32>
  %pview_37 = make_partition_view %tview_16 : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %pview_39 = make_partition_view %tview_22 : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %cst_0_f32_40 = constant <f32: 0.000000e+00> : tile<16x16xf32>
  %reshape_41 = reshape %arg28 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_41 : tile<1x1xf32> -> tile<16x16xf32>
  %for_for, %for_for_0, %for = for %loopIdx in (%cst_0_i32 to %17, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_32, %iterArg1 = %cst_0_f32, %iterArg2 = %cst_f32) -> (tile<16x32xf32>, tile<16x1xf32>, tile<16x1xf32>) {
    %tile_46, %result_token_47 = load_view_tko weak %pview_37[%blockId_y, %loopIdx, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
    %reshape_48 = reshape %tile_46 : tile<1x16x32xf16> -> tile<16x32xf16>
    %tile_49, %result_token_50 = load_view_tko weak %pview_39[%blockId_y, %loopIdx, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
    %reshape_51 = reshape %tile_49 : tile<1x16x32xf16> -> tile<16x32xf16>
    %4 = permute %reshape_48 [1, 0] : tile<16x32xf16> -> tile<32x16xf16>
    %5 = mmaf %reshape, %4, %cst_0_f32_40 : tile<16x32xf16>, tile<32x16xf16>, tile<16x16xf32>
    %6 = mulf %5, %bcast : tile<16x16xf32>
    %reduce = reduce %6 dim=1 identities=[0xFF800000 : f32] : tile<16x16xf32> -> tile<16xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %16 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %16 : tile<f32>
    }
    %reshape_52 = reshape %reduce : tile<16xf32> -> tile<16x1xf32>
    %7 = maxf %iterArg2, %reshape_52 : tile<16x1xf32>
    %bcast_53 = broadcast %7 : tile<16x1xf32> -> tile<16x16xf32>
    %8 = subf %6, %bcast_53 : tile<16x16xf32>
    %9 = exp %8 : tile<16x16xf32>
    %10 = subf %iterArg2, %7 : tile<16x1xf32>
    %11 = exp %10 : tile<16x1xf32>
    %reduce_54 = reduce %9 dim=1 identities=[0.000000e+00 : f32] : tile<16x16xf32> -> tile<16xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %19 = addf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %19 : tile<f32>
    }
    %reshape_55 = reshape %reduce_54 : tile<16xf32> -> tile<16x1xf32>
    %12 = fma %iterArg1, %11, %reshape_55 : tile<16x1xf32>
    %13 = ftof %9 : tile<16x16xf32> -> tile<16x16xf16>
    %bcast_56 = broadcast %11 : tile<16x1xf32> -> tile<16x32xf32>
    %14 = mulf %iterArg0, %bcast_56 : tile<16x32xf32>
    %15 = mmaf %13, %reshape_51, %14 : tile<16x16xf16>, tile<16x32xf16>, tile<16x32xf32>
    continue %15, %12, %7 : tile<16x32xf32>, tile<16x1xf32>, tile<16x1xf32>
  }
  %bcast_42 = broadcast %for_for_0 : tile<16x1xf32> -> tile<16x32xf32>
  %1 = divf %for_for, %bcast_42 : tile<16x32xf32>
  %2 = ftof %1 : tile<16x32xf32> -> tile<16x32xf16>
  %reshape_44 = reshape %2 : tile<16x32xf16> -> tile<1x16x32xf16>
  %pview_45 = make_partition_view %tview_28 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %3 = store_view_tko weak %reshape_44, %pview_45[%blockId_y, %blockId_x, %cst_0_i32] token = %tok : tile<1x16x32xf16>, partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
  return
}
