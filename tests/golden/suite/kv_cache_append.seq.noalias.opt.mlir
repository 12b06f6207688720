entry @kv_cache_append_Kt1_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_A1i32_1t1_p16_A2f16_1l0_2t1_p16_A2f16_1l0_2t1_p16_I8_I32(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<i32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<f16>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<ptr<f16>>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f16>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %8 = assume div_by<16>, %arg10 : tile<ptr<i32>>
  %9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %10 = assume div_by<16>, %arg13 : tile<ptr<f16>>
  %11 = assume bounded<0, ?>, %arg14 : tile<i32>
  %12 = assume bounded<0, ?>, %arg15 : tile<i32>
  %13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %14 = assume div_by<16>, %arg18 : tile<ptr<f16>>
  %15 = assume bounded<0, ?>, %arg19 : tile<i32>
  %16 = assume bounded<0, ?>, %arg20 : tile<i32>
  %17 = assume bounded<0, ?>, %arg21 : tile<i32>
  %18 = constant <i32: 1> : tile<i32>
  %cst_0_i32_27 = constant <i32: 0> : tile<i32>
  %tview = make_tensor_view %0, shape = [%1, %2], strides = [%3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview = make_partition_view %tview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>>
  %19:2 = get_index_space_shape %pview : partition_view<tile=(8x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %tok = make_token : token
  %reshape_25 = reshape %8 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_26 = broadcast %reshape_25 : tile<1xptr<i32>> -> tile<8xptr<i32>>
  %20, %21, %22 = get_tile_block_id : tile<i32>
  %cst_8_i32 = constant <i32: 8> : tile<i32>
  %23 = muli %20, %cst_8_i32 : tile<i32>
  %reshape = reshape %23 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<8xi32>
  %24 = iota : tile<8xi32>
  %25 = addi %bcast, %24 : tile<8xi32>
  %26 = exti %25 signed : tile<8xi32> -> tile<8xi64>
  %27 = offset %bcast_26, %26 : tile<8xptr<i32>>, tile<8xi64> -> tile<8xptr<i32>>
  %28 = assume div_by<16, every 8 along 0>, %27 : tile<8xptr<i32>>
  %29 = exti %9 signed : tile<i32> -> tile<i64>
  %reshape_23 = reshape %29 : tile<i64> -> tile<1xi64>
  %bcast_24 = broadcast %reshape_23 : tile<1xi64> -> tile<8xi64>
  %30 = cmpi less_than %26, %bcast_24, unsigned : tile<8xi64> -> tile<8xi1>
  %reshape_21 = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast_22 = broadcast %reshape_21 : tile<1xi32> -> tile<8xi32>
  %31 = cmpi less_than %25, %bcast_22, signed : tile<8xi32> -> tile<8xi1>
  %32 = andi %30, %31 : tile<8xi1>
  %cst_0_i32 = constant <i32: 0> : tile<8xi32>
  %33, %34 = load_ptr_tko weak %28, %32, %cst_0_i32 token=%tok : tile<8xptr<i32>>, tile<8xi1>, tile<8xi32> -> tile<8xi32>, token
  %pview_29 = make_partition_view %tview : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %tview_13 = make_tensor_view %4, shape = [%5, %6], strides = [%7, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_30 = make_partition_view %tview_13 : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
  %reshape_40 = reshape %10 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_41 = broadcast %reshape_40 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  %reshape_31 = reshape %33 : tile<8xi32> -> tile<8x1xi32>
  %35 = exti %reshape_31 signed : tile<8x1xi32> -> tile<8x1xi64>
  %bcast_33 = broadcast %35 : tile<8x1xi64> -> tile<8x32xi64>
  %36 = exti %13 signed : tile<i32> -> tile<i64>
  %reshape_36 = reshape %36 : tile<i64> -> tile<1x1xi64>
  %bcast_37 = broadcast %reshape_36 : tile<1x1xi64> -> tile<8x32xi64>
  %37 = muli %bcast_33, %bcast_37 : tile<8x32xi64>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %38 = iota : tile<32xi32>
  %39 = exti %11 signed : tile<i32> -> tile<i64>
  %reshape_34 = reshape %39 : tile<i64> -> tile<1x1xi64>
  %bcast_35 = broadcast %reshape_34 : tile<1x1xi64> -> tile<8x32xi64>
  %40 = cmpi less_than %bcast_33, %bcast_35, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %41 = exti %12 signed : tile<i32> -> tile<i64>
  %reshape_38 = reshape %41 : tile<i64> -> tile<1x1xi64>
  %bcast_39 = broadcast %reshape_38 : tile<1x1xi64> -> tile<8x32xi64>
  %reshape_32 = reshape %31 : tile<8xi1> -> tile<8x1xi1>
  %bcast_42 = broadcast %reshape_32 : tile<8x1xi1> -> tile<8x32xi1>
  %reshape_52 = reshape %14 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_53 = broadcast %reshape_52 : tile<1x1xptr<f16>> -> tile<8x32xptr<f16>>
  %42 = exti %17 signed : tile<i32> -> tile<i64>
  %reshape_48 = reshape %42 : tile<i64> -> tile<1x1xi64>
  %bcast_49 = broadcast %reshape_48 : tile<1x1xi64> -> tile<8x32xi64>
  %43 = muli %bcast_33, %bcast_49 : tile<8x32xi64>
  %44 = exti %15 signed : tile<i32> -> tile<i64>
  %reshape_46 = reshape %44 : tile<i64> -> tile<1x1xi64>
  %bcast_47 = broadcast %reshape_46 : tile<1x1xi64> -> tile<8x32xi64>
  %45 = cmpi less_than %bcast_33, %bcast_47, unsigned : tile<8x32xi64> -> tile<8x32xi1>
  %46 = exti %16 signed : tile<i32> -> tile<i64>
  %reshape_50 = reshape %46 : tile<i64> -> tile<1x1xi64>
  %bcast_51 = broadcast %reshape_50 : tile<1x1xi64> -> tile<8x32xi64>
  for %loopIdx in (%cst_0_i32_27 to %19#1, step %18) : tile<i32> {
    %47, %48 = load_view_tko weak %pview_29[%20, %loopIdx] token = %tok : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %49, %50 = load_view_tko weak %pview_30[%20, %loopIdx] token = %tok : partition_view<tile=(8x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x32xf16>, token
    %51 = muli %loopIdx, %cst_32_i32 : tile<i32>
    %reshape_55 = reshape %51 : tile<i32> -> tile<1xi32>
    %bcast_56 = broadcast %reshape_55 : tile<1xi32> -> tile<32xi32>
    %52 = addi %bcast_56, %38 : tile<32xi32>
    %reshape_60 = reshape %52 : tile<32xi32> -> tile<1x32xi32>
    %53 = exti %reshape_60 signed : tile<1x32xi32> -> tile<1x32xi64>
    %bcast_61 = broadcast %53 : tile<1x32xi64> -> tile<8x32xi64>
    %54 = addi %37, %bcast_61 : tile<8x32xi64>
    %55 = offset %bcast_41, %54 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %56 = cmpi less_than %bcast_61, %bcast_39, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %57 = andi %40, %56 : tile<8x32xi1>
    %58 = andi %57, %bcast_42 : tile<8x32xi1>
    %59 = store_ptr_tko weak %55, %47, %58 token=%tok : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
    %60 = addi %43, %bcast_61 : tile<8x32xi64>
    %61 = offset %bcast_53, %60 : tile<8x32xptr<f16>>, tile<8x32xi64> -> tile<8x32xptr<f16>>
    %62 = cmpi less_than %bcast_61, %bcast_51, unsigned : tile<8x32xi64> -> tile<8x32xi1>
    %63 = andi %45, %62 : tile<8x32xi1>
    %64 = andi %63, %bcast_42 : tile<8x32xi1>
    %65 = store_ptr_tko weak %61, %49, %64 token=%tok : tile<8x32xptr<f16>>, tile<8x32xf16>, tile<8x32xi1> -> token
  }
  return
}
