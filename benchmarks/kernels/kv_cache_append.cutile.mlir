entry @kv_cache_append_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A1i32_1t1_p16_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_I8_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<i32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f16>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f16>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<i32>>
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<f16>>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<f16>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<8xi64>
  %cst_0_i32 = constant <i32: 0> : tile<8xi32>
  %cst_1_i64_5 = constant <i64: 1> : tile<8x32xi64>
  %cst_1_i64_6 = constant <i64: 1> : tile<8x32xi64>
  %assume_7 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_10 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_13 = make_tensor_view %assume_0, shape = [%assume_10, %assume_11], strides = [%assume_12, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_14 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_18 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg20 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg21 : tile<i32>
  %cst_8_i32 = constant <i32: 8> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = muli %blockId_x, %cst_8_i32 : tile<i32>
  %2 = iota : tile<8xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<8xi32>
  %3 = addi %bcast, %2 : tile<8xi32>
  %reshape_21 = reshape %assume_7 : tile<i32> -> tile<1xi32>
  %bcast_22 = broadcast %reshape_21 : tile<1xi32> -> tile<8xi32>
  %4 = cmpi less_than %3, %bcast_22, signed : tile<8xi32> -> tile<8xi1>
  %5 = exti %3 signed : tile<8xi32> -> tile<8xi64>
  %6 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %reshape_23 = reshape %6 : tile<i64> -> tile<1xi64>
  %bcast_24 = broadcast %reshape_23 : tile<1xi64> -> tile<8xi64>
  %7 = cmpi less_than %5, %bcast_24, unsigned : tile<8xi64> -> tile<8xi1>
  %8 = muli %5, %cst_1_i64 : tile<8xi64>
  %reshape_25 = reshape %assume_1 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_26 = broadcast %reshape_25 : tile<1xptr<i32>> -> tile<8xptr<i32>>
  %9 = offset %bcast_26, %8 : tile<8xptr<i32>>, tile<8xi64> -> tile<8xptr<i32>>
  %10 = andi %7, %4 : tile<8xi1>
  %result, %result_token = load_ptr_tko weak %9, %10, %cst_0_i32 token=%0 : tile<8xptr<i32>>, tile<8xi1>, tile<8xi32> -> tile<8xi32>, token
  %pview = make_partition_view %tview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>>
  %11:2 = get_index_space_shape %pview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32_27 = constant <i32: 0> : tile<i32>
  %cst_1_i32_28 = constant <i32: 1> : tile<i32>
  %12 = iota : tile<32xi32>
  %pview_29 = make_partition_view %tview : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_30 = make_partition_view %tview_13 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %reshape_31 = reshape %result : tile<8xi32> -> tile<8x1xi32>
  %reshape_32 = reshape %4 : tile<8xi1> -> tile<8x1xi1>
  %13 = exti %reshape_31 signed : tile<8x1xi32> -> tile<8x1xi64>
  %bcast_33 = broadcast %13 : tile<8x1xi64> -> tile<8x32xi64>
  %14 = exti %assume_15 signed : tile<i32> -> tile<i64>
  %reshape_34 = reshape %14 : tile<i64> -> tile<1x1xi64>
  %bcast_35 = broadcast %reshape_34 : tile<1x1xi64> -> tile<8x32xi64>
  %15 = cmpi less_than %bcast_33, %bcast_35, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %16 = exti %assume_17 signed : tile<i32> -> tile<i64>
  %reshape_36 = reshape %16 : tile<i64> -> tile<1x1xi64>
  %bcast_37 = broadcast %reshape_36 : tile<1x1xi64> -> tile<8x32xi64>
  %17 = muli %bcast_33, %bcast_37 : tile<8x32xi64>
  %18 = exti %assume_16 signed : tile<i32> -> tile<i64>
  %reshape_38 = reshape %18 : tile<i64> -> tile<1x1xi64>
  %bcast_39 = broadcast %reshape_38 : tile<1x1xi64> -> tile<8x32xi64>
  %reshape_40 = reshape %assume_2 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_41 = broadcast %reshape_40 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  %bcast_42 = broadcast %reshape_32 : tile<8x1xi1> -> tile<8x32xi1>
  %reshape_43 = reshape %result : tile<8xi32> -> tile<8x1xi32>
  %reshape_44 = reshape %4 : tile<8xi1> -> tile<8x1xi1>
  %19 = exti %reshape_43 signed : tile<8x1xi32> -> tile<8x1xi64>
  %bcast_45 = broadcast %19 : tile<8x1xi64> -> tile<8x32xi64>
  %20 = exti %assume_18 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %20 : tile<i64> -> tile<1x1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1x1xi64> -> tile<8x32xi64>
  %21 = cmpi less_than %bcast_45, %bcast_47, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %22 = exti %assume_20 signed : tile<i32> -> tile<i64>
  %reshape_48 = reshape %22 : tile<i64> -> tile<1x1xi64>
  %bcast_49 = broadcast %reshape_48 : tile<1x1xi64> -> tile<8x32xi64>
  %23 = muli %bcast_45, %bcast_49 : tile<8x32xi64>
  %24 = exti %assume_19 signed : tile<i32> -> tile<i64>
  %reshape_50 = reshape %24 : tile<i64> -> tile<1x1xi64>
  %bcast_51 = broadcast %reshape_50 : tile<1x1xi64> -> tile<8x32xi64>
  %reshape_52 = reshape %assume_3 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_53 = broadcast %reshape_52 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  %bcast_54 = broadcast %reshape_44 : tile<8x1xi1> -> tile<8x32xi1>
  %for:2 = for %loopIdx in (%cst_0_i32_27 to %11#1, step %cst_1_i32_28) : tile<i32> iter_values(%iterArg0 = %0, %iterArg1 = %0) -> (token, token) {
    %25 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_55 = reshape %25 : tile<i32> -> tile<1xi32>
    %bcast_56 = broadcast %reshape_55 : tile<1xi32> -> tile<32xi32>
    %26 = addi %bcast_56, %12 : tile<32xi32>
    %tile, %result_token_57 = load_view_tko weak %pview_29[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %tile_58, %result_token_59 = load_view_tko weak %pview_30[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %reshape_60 = reshape %26 : tile<32xi32> -> tile<1x32xi32>
    %27 = exti %reshape_60 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_61 = broadcast %27 : tile<1x32xi64> -> tile<8x32xi64>
    %28 = cmpi less_than %bcast_61, %bcast_39, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %29 = andi %15, %28 : tile<8x32xi1>
    %30 = muli %bcast_61, %cst_1_i64_5 : tile<8x32xi64>
    %31 = addi %17, %30 : tile<8x32xi64>
    %32 = offset %bcast_41, %31 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %33 = andi %29, %bcast_42 : tile<8x32xi1>
    %34 = store_ptr_tko weak %32, %tile, %33 token=%iterArg0 : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
    %reshape_62 = reshape %26 : tile<32xi32> -> tile<1x32xi32>
    %35 = exti %reshape_62 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_63 = broadcast %35 : tile<1x32xi64> -> tile<8x32xi64>
    %36 = cmpi less_than %bcast_63, %bcast_51, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %37 = andi %21, %36 : tile<8x32xi1>
    %38 = muli %bcast_63, %cst_1_i64_6 : tile<8x32xi64>
    %39 = addi %23, %38 : tile<8x32xi64>
    %40 = offset %bcast_53, %39 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %41 = andi %37, %bcast_54 : tile<8x32xi1>
    %42 = store_ptr_tko weak %40, %tile_58, %41 token=%iterArg1 : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
    continue %34, %42 : token, token
  }
  return
}
