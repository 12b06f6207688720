entry @layernorm_bwd_Kt1_A2f32_1l0_2t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A2f32_1l0_2t1_p16_A1f32_1t1_p16_A1f32_1t1_p16_Sf32_I64(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f32>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f32>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f32>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<f32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<f32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume div_by<16>, %arg13 : tile<ptr<f32>>
  %11 = assume bounded<0, ?>, %arg14 : tile<i32>
  %12 = assume bounded<0, ?>, %arg15 : tile<i32>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume div_by<16>, %arg18 : tile<ptr<f32>>
  %15 = assume bounded<0, ?>, %arg19 : tile<i32>
  %16 = assume div_by<16>, %arg21 : tile<ptr<f32>>
  %17 = assume bounded<0, ?>, %arg22 : tile<i32>
  %18 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %19:2 = get_index_space_shape %pview : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x64xf32>
  %tok = make_token : token
  %pview_26 = make_partition_view %tview : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %20, %21, %22 = get_tile_block_id : tile<i32>
  %23:3 = for %loopIdx in (%cst_0_i32 to %19#1, step %18) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %tok) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %38, %39 = load_view_tko weak %pview_26[%20, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %result_token = join_tokens %39, %tok_0 : token
    %40 = addf %iterArg0, %38 : tile<1x64xf32>
    %41 = fma %38, %38, %iterArg1 : tile<1x64xf32>
    continue %40, %41, %result_token : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %tview_15 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_37 = make_partition_view %tview_15 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
  %tview_17 = make_tensor_view %8, shape = [%9], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pview_38 = make_partition_view %tview_17 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %reduce = reduce %23#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %38 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %38 : tile<f32>
  }
  %reshape = reshape %reduce : tile<1xf32> -> tile<1x1xf32>
  %24 = itof %2 signed : tile<i32> -> tile<f32>
  %reshape_27 = reshape %24 : tile<f32> -> tile<1x1xf32>
  %25 = divf %reshape, %reshape_27 : tile<1x1xf32>
  %bcast = broadcast %25 : tile<1x1xf32> -> tile<1x64xf32>
  %26 = negf %25 : tile<1x1xf32>
  %reduce_28 = reduce %23#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %38 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %38 : tile<f32>
  }
  %reshape_29 = reshape %reduce_28 : tile<1xf32> -> tile<1x1xf32>
  %27 = divf %reshape_29, %reshape_27 : tile<1x1xf32>
  %28 = fma %26, %25, %27 : tile<1x1xf32>
  %reshape_31 = reshape %arg24 : tile<f32> -> tile<1x1xf32>
  %29 = addf %28, %reshape_31 : tile<1x1xf32>
  %30 = rsqrt %29 : tile<1x1xf32>
  %bcast_39 = broadcast %30 : tile<1x1xf32> -> tile<1x64xf32>
  %31:3 = for %loopIdx in (%cst_0_i32 to %19#1, step %18) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_0_f32, %tok_0 = %23#2) -> (tile<1x64xf32>, tile<1x64xf32>, token) {
    %38, %39 = load_view_tko weak %pview_26[%20, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %40, %41 = load_view_tko weak %pview_37[%20, %loopIdx] token = %tok : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %42, %43 = load_view_tko weak %pview_38[%loopIdx] token = %tok : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %42 : tile<64xf32> -> tile<1x64xf32>
    %44 = mulf %40, %reshape_70 : tile<1x64xf32>
    %45 = subf %38, %bcast : tile<1x64xf32>
    %46 = mulf %45, %bcast_39 : tile<1x64xf32>
    %47 = fma %44, %46, %iterArg0 : tile<1x64xf32>
    %48 = fma %40, %reshape_70, %iterArg1 : tile<1x64xf32>
    %49 = join_tokens %39, %tok_0, %41, %43 : token
    continue %47, %48, %49 : tile<1x64xf32>, tile<1x64xf32>, token
  }
  %reduce_41 = reduce %31#0 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %38 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %38 : tile<f32>
  }
  %reshape_42 = reshape %reduce_41 : tile<1xf32> -> tile<1x1xf32>
  %32 = divf %reshape_42, %reshape_27 : tile<1x1xf32>
  %bcast_54 = broadcast %32 : tile<1x1xf32> -> tile<1x64xf32>
  %reduce_44 = reduce %31#1 dim=1 identities=[0.000000e+00 : f32] : tile<1x64xf32> -> tile<1xf32>
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %38 = addf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %38 : tile<f32>
  }
  %reshape_45 = reshape %reduce_44 : tile<1xf32> -> tile<1x1xf32>
  %33 = divf %reshape_45, %reshape_27 : tile<1x1xf32>
  %bcast_55 = broadcast %33 : tile<1x1xf32> -> tile<1x64xf32>
  %tview_21 = make_tensor_view %10, shape = [%11, %12], strides = [%13, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pview_57 = make_partition_view %tview_21 : partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>
  %reshape_60 = reshape %14 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_61 = broadcast %reshape_60 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %34 = iota : tile<64xi32>
  %35 = exti %15 signed : tile<i32> -> tile<i64>
  %reshape_58 = reshape %35 : tile<i64> -> tile<1xi64>
  %bcast_59 = broadcast %reshape_58 : tile<1xi64> -> tile<64xi64>
  %reshape_64 = reshape %16 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_65 = broadcast %reshape_64 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %36 = exti %17 signed : tile<i32> -> tile<i64>
  %reshape_62 = reshape %36 : tile<i64> -> tile<1xi64>
  %bcast_63 = broadcast %reshape_62 : tile<1xi64> -> tile<64xi64>
  %37 = for %loopIdx in (%cst_0_i32 to %19#1, step %18) : tile<i32> iter_values(%tok_0 = %31#2) -> (token) {
    %38, %39 = load_view_tko weak %pview_26[%20, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %40, %41 = load_view_tko weak %pview_37[%20, %loopIdx] token = %tok_0 : partition_view<tile=(1x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x64xf32>, token
    %42, %43 = load_view_tko weak %pview_38[%loopIdx] token = %tok_0 : partition_view<tile=(64), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %reshape_70 = reshape %42 : tile<64xf32> -> tile<1x64xf32>
    %44 = subf %38, %bcast : tile<1x64xf32>
    %45 = mulf %44, %bcast_39 : tile<1x64xf32>
    %46 = fma %45, %bcast_54, %bcast_55 : tile<1x64xf32>
    %47 = negf %46 : tile<1x64xf32>
    %48 = fma %40, %reshape_70, %47 : tile<1x64xf32>
    %49 = mulf %48, %bcast_39 : tile<1x64xf32>
    %50 = store_view_tko weak %49, %pview_57[%20, %loopIdx] token = %tok_0 : tile<1x64xf32>, partition_view<tile=(1x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %51 = join_tokens %39, %41, %43, %50 : token
    %52 = muli %loopIdx, %cst_64_i32 : tile<i32>
    %reshape_71 = reshape %52 : tile<i32> -> tile<1xi32>
    %bcast_72 = broadcast %reshape_71 : tile<1xi32> -> tile<64xi32>
    %53 = addi %bcast_72, %34 : tile<64xi32>
    %54 = exti %53 signed : tile<64xi32> -> tile<64xi64>
    %55 = offset %bcast_61, %54 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %56 = assume div_by<16, every 64 along 0>, %55 : tile<64xptr<f32>>
    %57 = mulf %40, %45 : tile<1x64xf32>
    %reshape_73 = reshape %57 : tile<1x64xf32> -> tile<64xf32>
    %58 = cmpi less_than %54, %bcast_59, unsigned : tile<64xi64> -> tile<64xi1>
    %59, %60 = atomic_rmw_tko acq_rel device %56, addf, %reshape_73, %58 token=%51 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    %61 = offset %bcast_65, %54 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
    %62 = assume div_by<16, every 64 along 0>, %61 : tile<64xptr<f32>>
    %reshape_75 = reshape %40 : tile<1x64xf32> -> tile<64xf32>
    %63 = cmpi less_than %54, %bcast_63, unsigned : tile<64xi64> -> tile<64xi1>
    %64, %65 = atomic_rmw_tko acq_rel device %62, addf, %reshape_75, %63 token=%60 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
    continue %65 : token
  }
  return
}
