entry @layernorm_bwd_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<f32>>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<f32>>
  %assume_4 = assume div_by<16>, %arg21 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %cst_1_i32_6 = constant <i32: 1> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_8 = constant <i64: 1> : tile<64xi64>
  %assume_9 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_12 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_15 = make_tensor_view %assume_0, shape = [%assume_12, %assume_13], strides = [%assume_14, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_16 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_17 = make_tensor_view %assume_1, shape = [%assume_16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_18 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg16 : tile<i32>
  %tview_21 = make_tensor_view %assume_2, shape = [%assume_18, %assume_19], strides = [%assume_20, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_22 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_23 = assume bounded<0, ?>, %arg22 : tile<i32>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_f32_24 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_25 = constant <i32: 1> : tile<i32>
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for:3 = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32_25) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32_24, %iterArg2 = %0) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %17 = join_tokens %iterArg2, %result_token : token
    %18 = addf %iterArg0, %tile  : tile<1x64xf32>
    %19 = fma %tile, %tile, %iterArg1  : tile<1x64xf32>
    continue %18, %19, %17 : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce = reduce %for#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %17 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %2 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_27 = reshape %2 : tile<f32> -> tile<1x1xf32>
  %3 = divf %reshape, %reshape_27  : tile<1x1xf32>
  %reduce_28 = reduce %for#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %17 : tile<f32>
  }
  %reshape_29 = reshape %reduce_28 : tile<1xf32> -> tile<1x1xf32>
  %4 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_30 = reshape %4 : tile<f32> -> tile<1x1xf32>
  %5 = divf %reshape_29, %reshape_30  : tile<1x1xf32>
  %6 = negf %3 : tile<1x1xf32>
  %7 = fma %6, %3, %5  : tile<1x1xf32>
  %reshape_31 = reshape %arg24 : tile<f32> -> tile<1x1xf32>
  %8 = addf %7, %reshape_31  : tile<1x1xf32>
  %9 = rsqrt %8 : tile<1x1xf32>
  %cst_0_f32_32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_f32_33 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32_34 = constant <i32: 0> : tile<i32>
  %cst_1_i32_35 = constant <i32: 1> : tile<i32>
  %pview_36 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_37 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_38 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast = broadcast %3 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_39 = broadcast %9 : tile<1x1xf32> -> tile<1x64xf32>
  %for_40:5 = for %loopIdx in (%cst_0_i32_34 to %1#1, step %cst_1_i32_35) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_32, %iterArg1 = %cst_0_f32_33, %iterArg2 = %for#2, %iterArg3 = %0, %iterArg4 = %0) -> (tile<1x64xf32>, tile<1x64xf32>, token, token, token) {
    %tile, %result_token = load_view_tko weak %pview_36[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %17 = join_tokens %iterArg2, %result_token : token
    %tile_67, %result_token_68 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %18 = join_tokens %iterArg3, %result_token_68 : token
    %tile_69, %result_token_70 = load_view_tko weak %pview_38[%loopIdx] token = %0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %19 = join_tokens %iterArg4, %result_token_70 : token
    %reshape_71 = reshape %tile_69 : tile<64xf32> -> tile<1x64xf32>
    %20 = subf %tile, %bcast  : tile<1x64xf32>
    %21 = mulf %20, %bcast_39  : tile<1x64xf32>
    %22 = mulf %tile_67, %reshape_71  : tile<1x64xf32>
    %23 = fma %22, %21, %iterArg0  : tile<1x64xf32>
    %24 = fma %tile_67, %reshape_71, %iterArg1  : tile<1x64xf32>
    continue %23, %24, %17, %18, %19 : tile<1x64xf32>, tile<1x64xf32>, token, token, token
  }
  %reduce_41 = reduce %for_40#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %17 : tile<f32>
  }
  %reshape_42 = reshape %reduce_41 : tile<1xf32> -> tile<1x1xf32>
  %10 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_43 = reshape %10 : tile<f32> -> tile<1x1xf32>
  %11 = divf %reshape_42, %reshape_43  : tile<1x1xf32>
  %reduce_44 = reduce %for_40#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %17 : tile<f32>
  }
  %reshape_45 = reshape %reduce_44 : tile<1xf32> -> tile<1x1xf32>
  %12 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_46 = reshape %12 : tile<f32> -> tile<1x1xf32>
  %13 = divf %reshape_45, %reshape_46  : tile<1x1xf32>
  %cst_0_i32_47 = constant <i32: 0> : tile<i32>
  %cst_1_i32_48 = constant <i32: 1> : tile<i32>
  %pview_49 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_50 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_51 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast_52 = broadcast %3 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_53 = broadcast %9 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_54 = broadcast %11 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_55 = broadcast %13 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_56 = broadcast %9 : tile<1x1xf32> -> tile<1x64xf32>
  %pview_57 = make_partition_view %tview_21 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %14 = iota : tile<64xi32>
  %15 = exti %assume_22 signed : tile<i32> -> tile<i64>
  %reshape_58 = reshape %15 : tile<i64> -> tile<1xi64>
  %bcast_59 = broadcast %reshape_58 : tile<1xi64> -> tile<64xi64>
  %reshape_60 = reshape %assume_3 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_61 = broadcast %reshape_60 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %16 = exti %assume_23 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %16 : tile<i64> -> tile<1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1xi64> -> tile<64xi64>
  %reshape_64 = reshape %assume_4 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_65 = broadcast %reshape_64 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %for_66:7 = for %loopIdx in (%cst_0_i32_47 to %1#1, step %cst_1_i32_48) : tile<i32> iter_values(%iterArg0 = %for_40#2, %iterArg1 = %for_40#3, %iterArg2 = %for_40#4, %iterArg3 = %0, %iterArg4 = %0, %iterArg5 = %0, %iterArg6 = %0) -> (token, token, token, token, token, token, token) {
    %17 = join_tokens %0, %iterArg6 : token
    %tile, %result_token = load_view_tko weak %pview_49[%blockId_x, %loopIdx] token = %17 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %18 = join_tokens %iterArg0, %result_token : token
    %19 = join_tokens %0, %iterArg6 : token
    %tile_67, %result_token_68 = load_view_tko weak %pview_50[%blockId_x, %loopIdx] token = %19 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %20 = join_tokens %iterArg1, %result_token_68 : token
    %21 = join_tokens %0, %iterArg6 : token
    %tile_69, %result_token_70 = load_view_tko weak %pview_51[%loopIdx] token = %21 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %22 = join_tokens %iterArg2, %result_token_70 : token
    %reshape_71 = reshape %tile_69 : tile<64xf32> -> tile<1x64xf32>
    %23 = subf %tile, %bcast_52  : tile<1x64xf32>
    %24 = mulf %23, %bcast_53  : tile<1x64xf32>
    %25 = fma %24, %bcast_54, %bcast_55  : tile<1x64xf32>
    %26 = negf %25 : tile<1x64xf32>
    %27 = fma %tile_67, %reshape_71, %26  : tile<1x64xf32>
    %28 = mulf %27, %bcast_56  : tile<1x64xf32>
    %29 = join_tokens %0, %iterArg6 : token
    %30 = store_view_tko weak %28, %pview_57[%blockId_x, %loopIdx] token = %29 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %31 = join_tokens %iterArg3, %30 : token
    %32 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_72 = reshape %32 : tile<i32> -> tile<1xi32>
    %bcast_73 = broadcast %reshape_72 : tile<1xi32> -> tile<64xi32>
    %33 = addi %bcast_73, %14 : tile<64xi32>
    %34 = mulf %tile_67, %24  : tile<1x64xf32>
    %reshape_74 = reshape %34 : tile<1x64xf32> -> tile<64xf32>
    %35 = exti %33 signed : tile<64xi32> -> tile<64xi64>
    %36 = cmpi less_than %35, %bcast_59, unsigned : tile<64xi64> -> tile<64xi1>
    %37 = muli %35, %cst_1_i64 : tile<64xi64>
    %38 = offset %bcast_61, %37 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %39 = join_tokens %iterArg4, %18, %20, %22, %31, %iterArg5, %iterArg6 : token
    %result, %result_token_75 = atomic_rmw_tko acq_rel device %38, addf, %reshape_74, %36 token=%39 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    %reshape_76 = reshape %tile_67 : tile<1x64xf32> -> tile<64xf32>
    %40 = exti %33 signed : tile<64xi32> -> tile<64xi64>
    %41 = cmpi less_than %40, %bcast_63, unsigned : tile<64xi64> -> tile<64xi1>
    %42 = muli %40, %cst_1_i64_8 : tile<64xi64>
    %43 = offset %bcast_65, %42 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %44 = join_tokens %iterArg5, %18, %20, %22, %31, %result_token_75 : token
    %result_77, %result_token_78 = atomic_rmw_tko acq_rel device %43, addf, %reshape_76, %41 token=%44 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    continue %18, %20, %22, %31, %result_token_75, %result_token_78, %result_token_78 : token, token, token, token, token, token, token
  }
  return
}
