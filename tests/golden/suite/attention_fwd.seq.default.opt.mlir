entry @attention_fwd_Kt1_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_A3f16_3l0_4t1_p16_Sf32_I16_I16_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f16>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f16>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %5 = assume bounded<0, ?>, %arg5 : tile<i32>
  %6 = assume div_by<16>, %arg7 : tile<ptr<f16>>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume bounded<0, ?>, %arg9 : tile<i32>
  %9 = assume bounded<0, ?>, %arg10 : tile<i32>
  %10 = assume bounded<0, ?>, %arg11 : tile<i32>
  %11 = assume bounded<0, ?>, %arg12 : tile<i32>
  %12 = assume div_by<16>, %arg14 : tile<ptr<f16>>
  %13 = assume bounded<0, ?>, %arg15 : tile<i32>
  %14 = assume bounded<0, ?>, %arg16 : tile<i32>
  %15 = assume bounded<0, ?>, %arg17 : tile<i32>
  %16 = assume bounded<0, ?>, %arg18 : tile<i32>
  %17 = assume bounded<0, ?>, %arg19 : tile<i32>
  %18 = assume div_by<16>, %arg21 : tile<ptr<f16>>
  %19 = assume bounded<0, ?>, %arg22 : tile<i32>
  %20 = assume bounded<0, ?>, %arg23 : tile<i32>
  %21 = assume bounded<0, ?>, %arg24 : tile<i32>
  %22 = assume bounded<0, ?>, %arg25 : tile<i32>
  %23 = assume bounded<0, ?>, %arg26 : tile<i32>
  %24 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview_16 = make_tensor_view %6, shape = [%7, %8, %9], strides = [%10, %11, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %pview_33 = make_partition_view %tview_16 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %25:3 = get_index_space_shape %pview_33 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>> -> tile<i32>
  %cst_0_f32_32 = constant <f32: 0.000000e+00> : tile<16x32xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<16x1xf32>
  %cst_f32 = constant <f32: 0xFF800000> : tile<16x1xf32>
  %tok = make_token : token
  %tview = make_tensor_view %0, shape = [%1, %2, %3], strides = [%4, %5, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %26, %27, %28 = get_tile_block_id : tile<i32>
  %29, %30 = load_view_tko weak %pview[%27, %26, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
  %pview_37 = make_partition_view %tview_16 : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tview_22 = make_tensor_view %12, shape = [%13, %14, %15], strides = [%16, %17, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %pview_39 = make_partition_view %tview_22 : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %reshape = reshape %29 : tile<1x16x32xf16> -> tile<16x32xf16>
  %cst_0_f32_40 = constant <f32: 0.000000e+00> : tile<16x16xf32>
  %reshape_41 = reshape %arg28 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_41 : tile<1x1xf32> -> tile<16x16xf32>
  %31:3 = for %loopIdx in (%cst_0_i32 to %25#1, step %24) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_32, %iterArg1 = %cst_0_f32, %iterArg2 = %cst_f32) -> (tile<16x32xf32>, tile<16x1xf32>, tile<16x1xf32>) {
    %35, %36 = load_view_tko weak %pview_37[%27, %loopIdx, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
    %37, %38 = load_view_tko weak %pview_39[%27, %loopIdx, %cst_0_i32] token = %tok : partition_view<tile=(1x16x32), padding_value = zero, tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x16x32xf16>, token
    %reshape_48 = reshape %35 : tile<1x16x32xf16> -> tile<16x32xf16>
    %39 = permute %reshape_48 [1, 0] : tile<16x32xf16> -> tile<32x16xf16>
    %40 = mmaf %reshape, %39, %cst_0_f32_40 : tile<16x32xf16>, tile<32x16xf16>, tile<16x16xf32>
    %41 = mulf %40, %bcast : tile<16x16xf32>
    %reduce = reduce %41 dim=1 identities=[0xFF800000 : f32] : tile<16x16xf32> -> tile<16xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %51 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %51 : tile<f32>
    }
    %reshape_52 = reshape %reduce : tile<16xf32> -> tile<16x1xf32>
    %42 = maxf %iterArg2, %reshape_52 : tile<16x1xf32>
    %bcast_53 = broadcast %42 : tile<16x1xf32> -> tile<16x16xf32>
    %43 = subf %41, %bcast_53 : tile<16x16xf32>
    %44 = exp %43 : tile<16x16xf32>
    %45 = ftof %44 : tile<16x16xf32> -> tile<16x16xf16>
    %reshape_51 = reshape %37 : tile<1x16x32xf16> -> tile<16x32xf16>
    %46 = subf %iterArg2, %42 : tile<16x1xf32>
    %47 = exp %46 : tile<16x1xf32>
    %bcast_56 = broadcast %47 : tile<16x1xf32> -> tile<16x32xf32>
    %48 = mulf %iterArg0, %bcast_56 : tile<16x32xf32>
    %49 = mmaf %45, %reshape_51, %48 : tile<16x16xf16>, tile<16x32xf16>, tile<16x32xf32>
    %reduce_54 = reduce %44 dim=1 identities=[0.000000e+00 : f32] : tile<16x16xf32> -> tile<16xf32>
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %51 = addf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %51 : tile<f32>
    }
    %reshape_55 = reshape %reduce_54 : tile<16xf32> -> tile<16x1xf32>
    %50 = fma %iterArg1, %47, %reshape_55 : tile<16x1xf32>
    continue %49, %50, %42 : tile<16x32xf32>, tile<16x1xf32>, tile<16x1xf32>
  }
  %bcast_42 = broadcast %31#1 : tile<16x1xf32> -> tile<16x32xf32>
  %32 = divf %31#0, %bcast_42 : tile<16x32xf32>
  %33 = ftof %32 : tile<16x32xf32> -> tile<16x32xf16>
  %reshape_44 = reshape %33 : tile<16x32xf16> -> tile<1x16x32xf16>
  %tview_28 = make_tensor_view %18, shape = [%19, %20, %21], strides = [%22, %23, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %pview_45 = make_partition_view %tview_28 : partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %34 = store_view_tko weak %reshape_44, %pview_45[%27, %26, %cst_0_i32] token = %tok : tile<1x16x32xf16>, partition_view<tile=(1x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
  return
}
