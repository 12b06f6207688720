entry @layernorm_bwd_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_9 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_12 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_16 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<f32>>
  %assume_18 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<f32>>
  %assume_22 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_4 = assume div_by<16>, %arg21 : tile<ptr<f32>>
  %assume_23 = assume bounded<0, ?>, %arg22 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_15 = make_tensor_view %assume_0, shape = [%assume_12, %assume_13], strides = [%assume_14, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_17 = make_tensor_view %assume_1, shape = [%assume_16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_21 = make_tensor_view %assume_2, shape = [%assume_18, %assume_19], strides = [%assume_20, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %0:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for, %for_for, %tok_for = for %loopIdx in (%cst_0_i32 to %0#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %tok) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %result_token_join = join_tokens %result_token, %tok_0 : token
    %13 = addf %iterArg0, %tile : tile<1x64xf32>
    %14 = fma %tile, %tile, %iterArg1 : tile<1x64xf32>
    continue %13, %14, %result_token_join : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %13 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %13 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %1 = itof %assume_10 signed : tile<i32> -> tile<f32>
  %reshape_27 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %2 = divf %reshape, %reshape_27 : tile<1x1xf32>
  %reduce_28 = reduce %for_for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %13 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %13 : tile<f32>
  }
  %reshape_29 = reshape %reduce_28 : tile<1xf32> -> tile<1x1xf32>
  %3 = divf %reshape_29, %reshape_27 : tile<1x1xf32>
  %4 = negf %2 : tile<1x1xf32>
  %5 = fma %4, %2, %3 : tile<1x1xf32>
  %reshape_31 = reshape %arg24 : tile<f32> -> tile<1x1xf32>
  %6 = addf %5, %reshape_31 : tile<1x1xf32>
  %7 = rsqrt %6 : tile<1x1xf32>
  %pview_37 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_38 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast = broadcast %2 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_39 = broadcast %7 : tile<1x1xf32> -> tile<1x64xf32>
  %for_40, %for_40_for, %tok_for_0 = for %loopIdx in (%cst_0_i32 to %0#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %tok_for) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_38[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %13 = subf %tile, %bcast : tile<1x64xf32>
    %14 = mulf %13, %bcast_39 : tile<1x64xf32>
    %15 = mulf %tile_66, %reshape_70 : tile<1x64xf32>
    %16 = fma %15, %14, %iterArg0 : tile<1x64xf32>
    %17 = fma %tile_66, %reshape_70, %iterArg1 : tile<1x64xf32>
    %18 = join_tokens %result_token, %tok_0, %result_token_67, %result_token_69 : token
    continue %16, %17, %18 : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce_41 = reduce %for_40 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %13 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %13 : tile<f32>
  }
  %reshape_42 = reshape %reduce_41 : tile<1xf32> -> tile<1x1xf32>
  %8 = divf %reshape_42, %reshape_27 : tile<1x1xf32>
  %reduce_44 = reduce %for_40_for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %13 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %13 : tile<f32>
  }
  %reshape_45 = reshape %reduce_44 : tile<1xf32> -> tile<1x1xf32>
  %9 = divf %reshape_45, %reshape_27 : tile<1x1xf32>
  %bcast_54 = broadcast %8 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_55 = broadcast %9 : tile<1x1xf32> -> tile<1x64xf32>
  %pview_57 = make_partition_view %tview_21 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %10 = iota : tile<64xi32>
  %11 = exti %assume_22 signed : tile<i32> -> tile<i64>
  %reshape_58 = reshape %11 : tile<i64> -> tile<1xi64>
  %bcast_59 = broadcast %reshape_58 : tile<1xi64> -> tile<64xi64>
  %reshape_60 = reshape %assume_3 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_61 = broadcast %reshape_60 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %12 = exti %assume_23 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %12 : tile<i64> -> tile<1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1xi64> -> tile<64xi64>
  %reshape_64 = reshape %assume_4 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_65 = broadcast %reshape_64 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %tok_for_1 = for %loopIdx in (%cst_0_i32 to %0#1, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %tok_for_0) -> (token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_38[%loopIdx] token = %tok_0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70_reshape = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %13 = subf %tile, %bcast : tile<1x64xf32>
    %14 = mulf %13, %bcast_39 : tile<1x64xf32>
    %15 = fma %14, %bcast_54, %bcast_55 : tile<1x64xf32>
    %16 = negf %15 : tile<1x64xf32>
    %17 = fma %tile_66, %reshape_70_reshape, %16 : tile<1x64xf32>
    %18 = mulf %17, %bcast_39 : tile<1x64xf32>
    %19 = store_view_tko weak %18, %pview_57[%blockId_x, %loopIdx] token = %tok_0 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %20 = join_tokens %result_token, %result_token_67, %result_token_69, %19 : token
    %21 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_71 = reshape %21 : tile<i32> -> tile<1xi32>
    %bcast_72 = broadcast %reshape_71 : tile<1xi32> -> tile<64xi32>
    %22 = addi %bcast_72, %10 : tile<64xi32>
    %23 = mulf %tile_66, %14 : tile<1x64xf32>
    %reshape_73 = reshape %23 : tile<1x64xf32> -> tile<64xf32>
    %24 = exti %22 signed : tile<64xi32> -> tile<64xi64>
    %25 = cmpi less_than %24, %bcast_59, unsigned : tile<64xi64> -> tile<64xi1>
    %26 = offset %bcast_61, %24 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %27 = assume div_by<16, every 64 along 0>, %26 : tile<64xptr<f32>>
    %result, %result_token_74 = atomic_rmw_tko acq_rel device %27, addf, %reshape_73, %25 token=%20 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    %reshape_75 = reshape %tile_66 : tile<1x64xf32> -> tile<64xf32>
    %28 = cmpi less_than %24, %bcast_63, unsigned : tile<64xi64> -> tile<64xi1>
    %29 = offset %bcast_65, %24 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %30 = assume div_by<16, every 64 along 0>, %29 : tile<64xptr<f32>>
    %result_76, %result_token_77 = atomic_rmw_tko acq_rel device %30, addf, %reshape_75, %28 token=%result_token_74 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    continue %result_token_77 : token
  }
  return
}
