entry @layernorm_fwd_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I512(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<ptr<f32>>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<ptr<f32>>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<ptr<f32>>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %8 = assume div_by<16>, %arg11 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg12 : tile<i32>
  %10 = assume bounded<0, ?>, %arg13 : tile<i32>
  %11 = assume bounded<0, ?>, %arg14 : tile<i32>
  %12 = assume div_by<16>, %arg16 : tile<ptr<f32>>
  %13 = assume bounded<0, ?>, %arg17 : tile<i32>
  %14 = assume div_by<16>, %arg19 : tile<ptr<f32>>
  %15 = assume bounded<0, ?>, %arg20 : tile<i32>
  %16 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>
  %17:2 = get_index_space_shape %pview : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x512xf32>
  %tok = make_token : token
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %18, %19, %20 = get_tile_block_id : tile<i32>
  %21 = for %loopIdx in (%cst_0_i32 to %17#1, step %16) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x512xf32>) {
    %31, %32 = load_view_tko weak %pview_26[%18, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %33 = addf %iterArg0, %31 : tile<1x512xf32>
    continue %33 : tile<1x512xf32>
  }
  %reduce = reduce %21 dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %31 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %31 : tile<f32>
  }
  %22 = itof %2 signed : tile<i32> -> tile<f32>
  %reshape = reshape %22 : tile<f32> -> tile<1xf32>
  %23 = divf %reduce, %reshape : tile<1xf32>
  %tview_22 = make_tensor_view %12, shape = [%13], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_27 = make_partition_view %tview_22 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %24 = store_view_tko weak %23, %pview_27[%18] token = %tok : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %cst_512_i32 = constant <i32: 512> : tile<i32>
  %25 = iota : tile<512xi32>
  %reshape_32 = reshape %2 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape_32 : tile<1xi32> -> tile<512xi32>
  %reshape_33 = reshape %23 : tile<1xf32> -> tile<1x1xf32>
  %bcast_34 = broadcast %reshape_33 : tile<1x1xf32> -> tile<1x512xf32>
  %26 = for %loopIdx in (%cst_0_i32 to %17#1, step %16) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x512xf32>) {
    %31, %32 = load_view_tko weak %pview_26[%18, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %33 = muli %loopIdx, %cst_512_i32 : tile<i32>
    %reshape_53 = reshape %33 : tile<i32> -> tile<1xi32>
    %bcast_54 = broadcast %reshape_53 : tile<1xi32> -> tile<512xi32>
    %34 = addi %bcast_54, %25 : tile<512xi32>
    %35 = cmpi less_than %34, %bcast, signed : tile<512xi32> -> tile<512xi1>
    %reshape_55 = reshape %35 : tile<512xi1> -> tile<1x512xi1>
    %36 = subf %31, %bcast_34 : tile<1x512xf32>
    %37 = select %reshape_55, %36, %cst_0_f32 : tile<1x512xi1>, tile<1x512xf32>
    %38 = fma %37, %37, %iterArg0 : tile<1x512xf32>
    continue %38 : tile<1x512xf32>
  }
  %reduce_39 = reduce %26 dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %31 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %31 : tile<f32>
  }
  %27 = divf %reduce_39, %reshape : tile<1xf32>
  %reshape_41 = reshape %arg22 : tile<f32> -> tile<1xf32>
  %28 = addf %27, %reshape_41 : tile<1xf32>
  %29 = rsqrt %28 : tile<1xf32>
  %tview_24 = make_tensor_view %14, shape = [%15], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_42 = make_partition_view %tview_24 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %30 = store_view_tko weak %29, %pview_42[%18] token = %tok : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %tview_14 = make_tensor_view %4, shape = [%5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_46 = make_partition_view %tview_14 : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tview_16 = make_tensor_view %6, shape = [%7], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_47 = make_partition_view %tview_16 : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reshape_50 = reshape %29 : tile<1xf32> -> tile<1x1xf32>
  %bcast_51 = broadcast %reshape_50 : tile<1x1xf32> -> tile<1x512xf32>
  %tview_20 = make_tensor_view %8, shape = [%9, %10], strides = [%11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_52 = make_partition_view %tview_20 : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %17#1, step %16) : tile<i32> {
    %31, %32 = load_view_tko weak %pview_26[%18, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %33, %34 = load_view_tko weak %pview_46[%loopIdx] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %35, %36 = load_view_tko weak %pview_47[%loopIdx] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %37 = subf %31, %bcast_34 : tile<1x512xf32>
    %38 = mulf %37, %bcast_51 : tile<1x512xf32>
    %reshape_57 = reshape %33 : tile<512xf32> -> tile<1x512xf32>
    %reshape_58 = reshape %35 : tile<512xf32> -> tile<1x512xf32>
    %39 = fma %38, %reshape_57, %reshape_58 : tile<1x512xf32>
    %40 = store_view_tko weak %39, %pview_52[%18, %loopIdx] token = %tok : tile<1x512xf32>, partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
