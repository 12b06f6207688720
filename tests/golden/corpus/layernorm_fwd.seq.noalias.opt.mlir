entry @layernorm_fwd_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I512(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<ptr<f32>>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<ptr<f32>>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<ptr<f32>>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<f32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_10 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_13 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_1 = assume div_by<16>, %arg8 : tile<ptr<f32>>
  %assume_15 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_2 = assume div_by<16>, %arg11 : tile<ptr<f32>>
  %assume_17 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_3 = assume div_by<16>, %arg16 : tile<ptr<f32>>
  %assume_21 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_4 = assume div_by<16>, %arg19 : tile<ptr<f32>>
  %assume_23 = assume bounded<0, ?>, %arg20 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %tview = make_tensor_view %assume, shape = [%assume_10, %assume_11], strides = [%assume_12, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_14 = make_tensor_view %assume_0, shape = [%assume_13], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_16 = make_tensor_view %assume_1, shape = [%assume_15], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_20 = make_tensor_view %assume_2, shape = [%assume_17, %assume_18], strides = [%assume_19, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %tview_22 = make_tensor_view %assume_3, shape = [%assume_21], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %tview_24 = make_tensor_view %assume_4, shape = [%assume_23], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_512_i32 = constant <i32: 512> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>
  %0, %16 = get_index_space_shape %pview : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x512xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %16, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x512xf32>) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %10 = addf %iterArg0, %tile : tile<1x512xf32>
    continue %10 : tile<1x512xf32>
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %17 : tile<f32>
  }
  %1 = itof %assume_11 signed : tile<i32> -> tile<f32>
  %reshape = reshape %1 : tile<f32> -> tile<1xf32>
  %2 = divf %reduce, %reshape : tile<1xf32>
  %pview_27 = make_partition_view %tview_22 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %3 = store_view_tko weak %2, %pview_27[%blockId_x] token = %tok : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %4 = iota : tile<512xi32>
  %reshape_32 = reshape %assume_11 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape_32 : tile<1xi32> -> tile<512xi32>
  %reshape_33 = reshape %2 : tile<1xf32> -> tile<1x1xf32>
  %bcast_34 = broadcast %reshape_33 : tile<1x1xf32> -> tile<1x512xf32>
  %for_38 = for %loopIdx in (%cst_0_i32 to %16, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x512xf32>) {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %17 = muli %loopIdx, %cst_512_i32 : tile<i32>
    %reshape_53 = reshape %17 : tile<i32> -> tile<1xi32>
    %bcast_54 = broadcast %reshape_53 : tile<1xi32> -> tile<512xi32>
    %11 = addi %bcast_54, %4 : tile<512xi32>
    %12 = cmpi less_than %11, %bcast, signed : tile<512xi32> -> tile<512xi1>
    %18 = subf %tile, %bcast_34 : tile<1x512xf32>
    %reshape_55 = reshape %12 : tile<512xi1> -> tile<1x512xi1>
    %14 = select %reshape_55, %18, %cst_0_f32 : tile<1x512xi1>, tile<1x512xf32>
    %15 = fma %14, %14, %iterArg0 : tile<1x512xf32>
    continue %15 : tile<1x512xf32>
  }
  %reduce_39 = reduce %for_38 dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %17 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %17 : tile<f32>
  }
  %6 = divf %reduce_39, %reshape : tile<1xf32>
  %reshape_41 = reshape %arg22 : tile<f32> -> tile<1xf32>
  %7 = addf %6, %reshape_41 : tile<1xf32>
  %8 = rsqrt %7 : tile<1xf32>
  %pview_42 = make_partition_view %tview_24 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %9 = store_view_tko weak %8, %pview_42[%blockId_x] token = %tok : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %pview_46 = make_partition_view %tview_14 : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %pview_47 = make_partition_view %tview_16 : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reshape_50 = reshape %8 : tile<1xf32> -> tile<1x1xf32>
  %bcast_51 = broadcast %reshape_50 : tile<1x1xf32> -> tile<1x512xf32>
  %pview_52 = make_partition_view %tview_20 : partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32 to %16, step %cst_1_i32) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_26[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x512xf32>, token
    %tile_53, %result_token_54 = load_view_tko weak %pview_46[%loopIdx] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %tile_55, %result_token_56 = load_view_tko weak %pview_47[%loopIdx] token = %tok : partition_view<tile=(512), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %17 = subf %tile, %bcast_34 : tile<1x512xf32>
    %18 = mulf %17, %bcast_51 : tile<1x512xf32>
    %reshape_57 = reshape %tile_53 : tile<512xf32> -> tile<1x512xf32>
    %reshape_58 = reshape %tile_55 : tile<512xf32> -> tile<1x512xf32>
    %19 = fma %18, %reshape_57, %reshape_58 : tile<1x512xf32>
    %13 = store_view_tko weak %19, %pview_52[%blockId_x, %loopIdx] token = %tok : tile<1x512xf32>, partition_view<tile=(1x512), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
