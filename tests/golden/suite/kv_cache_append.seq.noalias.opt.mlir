entry @kv_cache_append_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A1i32_1t1_p16_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_I8_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<i32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f16>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f16>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_7 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %assume_10 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_1 = assume div_by<16>, %arg10 : tile<ptr<i32>>
  %assume_14 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_2 = assume div_by<16>, %arg13 : tile<ptr<f16>>
  %assume_15 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_17 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_3 = assume div_by<16>, %arg18 : tile<ptr<f16>>
  %assume_18 = assume bounded<0, ?>, %arg19 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg20 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg21 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %cst_0_i32 = constant <i32: 0> : tile<8xi32>
  %tview = make_tensor_view %assume, shape = [%assume_7, %assume_8], strides = [%assume_9, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %tview_13 = make_tensor_view %assume_0, shape = [%assume_10, %assume_11], strides = [%assume_12, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %cst_8_i32 = constant <i32: 8> : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %0 = muli %blockId_x, %cst_8_i32 : tile<i32>
  %1 = iota : tile<8xi32>
  %reshape = reshape %0 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<8xi32>
  %2 = addi %bcast, %1 : tile<8xi32>
  %reshape_21 = reshape %assume_7 : tile<i32> -> tile<1xi32>
  %bcast_22 = broadcast %reshape_21 : tile<1xi32> -> tile<8xi32>
  %3 = cmpi less_than %2, %bcast_22, signed : tile<8xi32> -> tile<8xi1>
  %4 = exti %2 signed : tile<8xi32> -> tile<8xi64>
  %5 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %reshape_23 = reshape %5 : tile<i64> -> tile<1xi64>
  %bcast_24 = broadcast %reshape_23 : tile<1xi64> -> tile<8xi64>
  %6 = cmpi less_than %4, %bcast_24, unsigned : tile<8xi64> -> tile<8xi1>
  %reshape_25 = reshape %assume_1 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_26 = broadcast %reshape_25 : tile<1xptr<i32>> -> tile<8xptr<i32>>
  %8 = offset %bcast_26, %4 : tile<8xptr<i32>>, tile<8xi64> -> tile<8xptr<i32>>
  %42 = assume div_by<16, every 8 along 0>, %8 : tile<8xptr<i32>>
  %9 = andi %6, %3 : tile<8xi1>
  %result, %result_token = load_ptr_tko weak %42, %9, %cst_0_i32 token=%tok : tile<8xptr<i32>>, tile<8xi1>, tile<8xi32> -> tile<8xi32>, token
  %pview = make_partition_view %tview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>>
  %10, %43 = get_index_space_shape %pview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32_27 = constant <i32: 0> : tile<i32>
  %11 = iota : tile<32xi32>
  %pview_29 = make_partition_view %tview : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %pview_30 = make_partition_view %tview_13 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %reshape_31 = reshape %result : tile<8xi32> -> tile<8x1xi32>
  %reshape_32 = reshape %3 : tile<8xi1> -> tile<8x1xi1>
  %12 = exti %reshape_31 signed : tile<8x1xi32> -> tile<8x1xi64>
  %bcast_33 = broadcast %12 : tile<8x1xi64> -> tile<8x32xi64>
  %13 = exti %assume_15 signed : tile<i32> -> tile<i64>
  %reshape_34 = reshape %13 : tile<i64> -> tile<1x1xi64>
  %bcast_35 = broadcast %reshape_34 : tile<1x1xi64> -> tile<8x32xi64>
  %14 = cmpi less_than %bcast_33, %bcast_35, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %15 = exti %assume_17 signed : tile<i32> -> tile<i64>
  %reshape_36 = reshape %15 : tile<i64> -> tile<1x1xi64>
  %bcast_37 = broadcast %reshape_36 : tile<1x1xi64> -> tile<8x32xi64>
  %16 = muli %bcast_33, %bcast_37 : tile<8x32xi64>
  %17 = exti %assume_16 signed : tile<i32> -> tile<i64>
  %reshape_38 = reshape %17 : tile<i64> -> tile<1x1xi64>
  %bcast_39 = broadcast %reshape_38 : tile<1x1xi64> -> tile<8x32xi64>
  %reshape_40 = reshape %assume_2 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_41 = broadcast %reshape_40 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  %bcast_42 = broadcast %reshape_32 : tile<8x1xi1> -> tile<8x32xi1>
  %19 = exti %assume_18 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %19 : tile<i64> -> tile<1x1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1x1xi64> -> tile<8x32xi64>
  %20 = cmpi less_than %bcast_33, %bcast_47, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %21 = exti %assume_20 signed : tile<i32> -> tile<i64>
  %reshape_48 = reshape %21 : tile<i64> -> tile<1x1xi64>
  %bcast_49 = broadcast %reshape_48 : tile<1x1xi64> -> tile<8x32xi64>
  %22 = muli %bcast_33, %bcast_49 : tile<8x32xi64>
  %23 = exti %assume_19 signed : tile<i32> -> tile<i64>
  %reshape_50 = reshape %23 : tile<i64> -> tile<1x1xi64>
  %bcast_51 = broadcast %reshape_50 : tile<1x1xi64> -> tile<8x32xi64>
  %reshape_52 = reshape %assume_3 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_53 = broadcast %reshape_52 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  for %loopIdx in (%cst_0_i32_27 to %43, step %cst_1_i32) : tile<i32> {
    %24 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_55 = reshape %24 : tile<i32> -> tile<1xi32>
    %bcast_56 = broadcast %reshape_55 : tile<1xi32> -> tile<32xi32>
    %25 = addi %bcast_56, %11 : tile<32xi32>
    %tile, %result_token_57 = load_view_tko weak %pview_29[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %tile_58, %result_token_59 = load_view_tko weak %pview_30[%blockId_x, %loopIdx] token = %tok : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %reshape_60 = reshape %25 : tile<32xi32> -> tile<1x32xi32>
    %26 = exti %reshape_60 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_61 = broadcast %26 : tile<1x32xi64> -> tile<8x32xi64>
    %27 = cmpi less_than %bcast_61, %bcast_39, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %28 = andi %14, %27 : tile<8x32xi1>
    %30 = addi %16, %bcast_61 : tile<8x32xi64>
    %31 = offset %bcast_41, %30 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %32 = andi %28, %bcast_42 : tile<8x32xi1>
    %33 = store_ptr_tko weak %31, %tile, %32 token=%tok : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
    %35 = cmpi less_than %bcast_61, %bcast_51, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %36 = andi %20, %35 : tile<8x32xi1>
    %38 = addi %22, %bcast_61 : tile<8x32xi64>
    %39 = offset %bcast_53, %38 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %40 = andi %36, %bcast_42 : tile<8x32xi1>
    %41 = store_ptr_tko weak %39, %tile_58, %40 token=%tok : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
  }
  return
}
