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
  %0, %34 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for, %for_for, %tok_for = for %loopIdx in (%cst_0_i32 to %34, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %tok) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %result_token_join = join_tokens %result_token, %tok_0 : token
    %16 = addf %iterArg0, %tile : tile<1x64xf32>
    %17 = fma %tile, %tile, %iterArg1 : tile<1x64xf32>
    continue %16, %17, %result_token_join : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %35 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %35 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %1 = itof %assume_10 signed : tile<i32> -> tile<f32>
  %reshape_27 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %2 = divf %reshape, %reshape_27 : tile<1x1xf32>
  %reduce_28 = reduce %for_for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %35 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %35 : tile<f32>
  }
  %reshape_29 = reshape %reduce_28 : tile<1xf32> -> tile<1x1xf32>
  %4 = divf %reshape_29, %reshape_27 : tile<1x1xf32>
  %5 = negf %2 : tile<1x1xf32>
  %6 = fma %5, %2, %4 : tile<1x1xf32>
  %reshape_31 = reshape %arg24 : tile<f32> -> tile<1x1xf32>
  %7 = addf %6, %reshape_31 : tile<1x1xf32>
  %8 = rsqrt %7 : tile<1x1xf32>
  %pview_37 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_38 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast = broadcast %2 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_39 = broadcast %8 : tile<1x1xf32> -> tile<1x64xf32>
  %for_40, %for_40_for, %tok_for_0 = for %loopIdx in (%cst_0_i32 to %34, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %tok_for) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_38[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %35 = subf %tile, %bcast : tile<1x64xf32>
    %36 = mulf %35, %bcast_39 : tile<1x64xf32>
    %18 = mulf %tile_66, %reshape_70 : tile<1x64xf32>
    %19 = fma %18, %36, %iterArg0 : tile<1x64xf32>
    %20 = fma %tile_66, %reshape_70, %iterArg1 : tile<1x64xf32>
    %37 = join_tokens %result_token, %tok_0, %result_token_67, %result_token_69 : token
    continue %19, %20, %37 : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce_41 = reduce %for_40 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %35 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %35 : tile<f32>
  }
  %reshape_42 = reshape %reduce_41 : tile<1xf32> -> tile<1x1xf32>
  %10 = divf %reshape_42, %reshape_27 : tile<1x1xf32>
  %reduce_44 = reduce %for_40_for dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %35 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %35 : tile<f32>
  }
  %reshape_45 = reshape %reduce_44 : tile<1xf32> -> tile<1x1xf32>
  %12 = divf %reshape_45, %reshape_27 : tile<1x1xf32>
  %bcast_54 = broadcast %10 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_55 = broadcast %12 : tile<1x1xf32> -> tile<1x64xf32>
  %pview_57 = make_partition_view %tview_21 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %13 = iota : tile<64xi32>
  %14 = exti %assume_22 signed : tile<i32> -> tile<i64>
  %reshape_58 = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast_59 = broadcast %reshape_58 : tile<1xi64> -> tile<64xi64>
  %reshape_60 = reshape %assume_3 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_61 = broadcast %reshape_60 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %15 = exti %assume_23 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %15 : tile<i64> -> tile<1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1xi64> -> tile<64xi64>
  %reshape_64 = reshape %assume_4 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_65 = broadcast %reshape_64 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %tok_for_1 = for %loopIdx in (%cst_0_i32 to %34, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %tok_for_0) -> (token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_38[%loopIdx] token = %tok_0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70_reshape = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %35 = subf %tile, %bcast : tile<1x64xf32>
    %36 = mulf %35, %bcast_39 : tile<1x64xf32>
    %37 = fma %36, %bcast_54, %bcast_55 : tile<1x64xf32>
    %38 = negf %37 : tile<1x64xf32>
    %39 = fma %tile_66, %reshape_70_reshape, %38 : tile<1x64xf32>
    %21 = mulf %39, %bcast_39 : tile<1x64xf32>
    %22 = store_view_tko weak %21, %pview_57[%blockId_x, %loopIdx] token = %tok_0 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %40 = join_tokens %result_token, %result_token_67, %result_token_69, %22 : token
    %23 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_71 = reshape %23 : tile<i32> -> tile<1xi32>
    %bcast_72 = broadcast %reshape_71 : tile<1xi32> -> tile<64xi32>
    %24 = addi %bcast_72, %13 : tile<64xi32>
    %25 = mulf %tile_66, %36 : tile<1x64xf32>
    %reshape_73 = reshape %25 : tile<1x64xf32> -> tile<64xf32>
    %26 = exti %24 signed : tile<64xi32> -> tile<64xi64>
    %27 = cmpi less_than %26, %bcast_59, unsigned : tile<64xi64> -> tile<64xi1>
    %29 = offset %bcast_61, %26 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %41 = assume div_by<16, every 64 along 0>, %29 : tile<64xptr<f32>>
    %result, %result_token_74 = atomic_rmw_tko acq_rel device %41, addf, %reshape_73, %27 token=%40 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    %reshape_75 = reshape %tile_66 : tile<1x64xf32> -> tile<64xf32>
    %31 = cmpi less_than %26, %bcast_63, unsigned : tile<64xi64> -> tile<64xi1>
    %33 = offset %bcast_65, %26 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %42 = assume div_by<16, every 64 along 0>, %33 : tile<64xptr<f32>>
    %result_76, %result_token_77 = atomic_rmw_tko acq_rel device %42, addf, %reshape_75, %31 token=%result_token_74 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    continue %result_token_77 : token
  }
  return
}
