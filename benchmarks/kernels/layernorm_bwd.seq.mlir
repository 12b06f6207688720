entry @layernorm_bwd_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<f32>) optimization_hints=<default = {}> {
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
  %0:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_f32_24 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_25 = constant <i32: 1> : tile<i32>
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for:2 = for %loopIdx in (%cst_0_i32 to %0#1, step %cst_1_i32_25) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32_24) -> (tile<1x64xf32>, tile<1x64xf32>) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %16 = addf %iterArg0, %tile  : tile<1x64xf32>
    %17 = fma %tile, %tile, %iterArg1  : tile<1x64xf32>
    continue %16, %17 : tile<1x64xf32>, tile<1x64xf32>
  }
  %reduce = reduce %for#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %16 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %1 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_27 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %2 = divf %reshape, %reshape_27  : tile<1x1xf32>
  %reduce_28 = reduce %for#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %16 : tile<f32>
  }
  %reshape_29 = reshape %reduce_28 : tile<1xf32> -> tile<1x1xf32>
  %3 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_30 = reshape %3 : tile<f32> -> tile<1x1xf32>
  %4 = divf %reshape_29, %reshape_30  : tile<1x1xf32>
  %5 = negf %2 : tile<1x1xf32>
  %6 = fma %5, %2, %4  : tile<1x1xf32>
  %reshape_31 = reshape %arg24 : tile<f32> -> tile<1x1xf32>
  %7 = addf %6, %reshape_31  : tile<1x1xf32>
  %8 = rsqrt %7 : tile<1x1xf32>
  %cst_0_f32_32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_f32_33 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %cst_0_i32_34 = constant <i32: 0> : tile<i32>
  %cst_1_i32_35 = constant <i32: 1> : tile<i32>
  %pview_36 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_37 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_38 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast = broadcast %2 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_39 = broadcast %8 : tile<1x1xf32> -> tile<1x64xf32>
  %for_40:2 = for %loopIdx in (%cst_0_i32_34 to %0#1, step %cst_1_i32_35) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_32, %iterArg1 = %cst_0_f32_33) -> (tile<1x64xf32>, tile<1x64xf32>) {
    %tile, %result_token = load_view_tko weak %pview_36[%blockId_x, %loopIdx] : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_37[%blockId_x, %loopIdx] : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_38[%loopIdx] : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %16 = subf %tile, %bcast  : tile<1x64xf32>
    %17 = mulf %16, %bcast_39  : tile<1x64xf32>
    %18 = mulf %tile_66, %reshape_70  : tile<1x64xf32>
    %19 = fma %18, %17, %iterArg0  : tile<1x64xf32>
    %20 = fma %tile_66, %reshape_70, %iterArg1  : tile<1x64xf32>
    continue %19, %20 : tile<1x64xf32>, tile<1x64xf32>
  }
  %reduce_41 = reduce %for_40#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %16 : tile<f32>
  }
  %reshape_42 = reshape %reduce_41 : tile<1xf32> -> tile<1x1xf32>
  %9 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_43 = reshape %9 : tile<f32> -> tile<1x1xf32>
  %10 = divf %reshape_42, %reshape_43  : tile<1x1xf32>
  %reduce_44 = reduce %for_40#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %16 : tile<f32>
  }
  %reshape_45 = reshape %reduce_44 : tile<1xf32> -> tile<1x1xf32>
  %11 = itof %assume_10 signed  : tile<i32> -> tile<f32>
  %reshape_46 = reshape %11 : tile<f32> -> tile<1x1xf32>
  %12 = divf %reshape_45, %reshape_46  : tile<1x1xf32>
  %cst_0_i32_47 = constant <i32: 0> : tile<i32>
  %cst_1_i32_48 = constant <i32: 1> : tile<i32>
  %pview_49 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_50 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %pview_51 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %bcast_52 = broadcast %2 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_53 = broadcast %8 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_54 = broadcast %10 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_55 = broadcast %12 : tile<1x1xf32> -> tile<1x64xf32>
  %bcast_56 = broadcast %8 : tile<1x1xf32> -> tile<1x64xf32>
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
  for %loopIdx in (%cst_0_i32_47 to %0#1, step %cst_1_i32_48) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_49[%blockId_x, %loopIdx] : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_66, %result_token_67 = load_view_tko weak %pview_50[%blockId_x, %loopIdx] : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %tile_68, %result_token_69 = load_view_tko weak %pview_51[%loopIdx] : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %tile_68 : tile<64xf32> -> tile<1x64xf32>
    %16 = subf %tile, %bcast_52  : tile<1x64xf32>
    %17 = mulf %16, %bcast_53  : tile<1x64xf32>
    %18 = fma %17, %bcast_54, %bcast_55  : tile<1x64xf32>
    %19 = negf %18 : tile<1x64xf32>
    %20 = fma %tile_66, %reshape_70, %19  : tile<1x64xf32>
    %21 = mulf %20, %bcast_56  : tile<1x64xf32>
    %22 = store_view_tko weak %21, %pview_57[%blockId_x, %loopIdx] : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %23 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_71 = reshape %23 : tile<i32> -> tile<1xi32>
    %bcast_72 = broadcast %reshape_71 : tile<1xi32> -> tile<64xi32>
    %24 = addi %bcast_72, %13 : tile<64xi32>
    %25 = mulf %tile_66, %17  : tile<1x64xf32>
    %reshape_73 = reshape %25 : tile<1x64xf32> -> tile<64xf32>
    %26 = exti %24 signed : tile<64xi32> -> tile<64xi64>
    %27 = cmpi less_than %26, %bcast_59, unsigned : tile<64xi64> -> tile<64xi1>
    %28 = muli %26, %cst_1_i64 : tile<64xi64>
    %29 = offset %bcast_61, %28 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %result, %result_token_74 = atomic_rmw_tko acq_rel device %29, addf, %reshape_73, %27 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    %reshape_75 = reshape %tile_66 : tile<1x64xf32> -> tile<64xf32>
    %30 = exti %24 signed : tile<64xi32> -> tile<64xi64>
    %31 = cmpi less_than %30, %bcast_63, unsigned : tile<64xi64> -> tile<64xi1>
    %32 = muli %30, %cst_1_i64_8 : tile<64xi64>
    %33 = offset %bcast_65, %32 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %result_76, %result_token_77 = atomic_rmw_tko acq_rel device %33, addf, %reshape_75, %31 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
  }
  return
}
