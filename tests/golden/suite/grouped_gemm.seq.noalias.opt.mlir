entry @grouped_gemm_Kt1_LA2f16_1l0_2t1_p16_LA2f16_1l0_2t1_p16_LA2f16_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<ptr<i64>>, %arg3: tile<i32>, %arg4: tile<ptr<i64>>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %tok = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%arg1, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %tview_2 = make_tensor_view %arg2, shape = [%arg3, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %tview_4 = make_tensor_view %arg4, shape = [%arg5, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview_5 = make_partition_view %tview_4 : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tile, %result_token = load_view_tko weak %pview[%blockId_y, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %cst_3_i32 = constant <i32: 3> : tile<i32>
  %tile_17, %result_token_18 = load_view_tko weak %pview_3[%blockId_y, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  %tile_35, %result_token_36 = load_view_tko weak %pview_5[%blockId_y, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  %20 = extract %tile_35[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_38 = reshape %20 : tile<1x1xi64> -> tile<i64>
  %21 = extract %tile_35[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_40 = reshape %21 : tile<1x1xi64> -> tile<i64>
  %22 = extract %tile_35[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_42 = reshape %22 : tile<1x1xi64> -> tile<i64>
  %23 = extract %tile_35[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_44 = reshape %23 : tile<1x1xi64> -> tile<i64>
  %25 = trunci %reshape_40 : tile<i64> -> tile<i32>
  %assume_48 = assume bounded<0, ?>, %25 : tile<i32>
  %26 = trunci %reshape_42 : tile<i64> -> tile<i32>
  %assume_49 = assume bounded<0, ?>, %26 : tile<i32>
  %27 = trunci %reshape_44 : tile<i64> -> tile<i32>
  %assume_50 = assume bounded<0, ?>, %27 : tile<i32>
  %29 = int_to_ptr %reshape_38 : tile<i64> -> tile<ptr<f16>>
  %assume_47 = assume div_by<16>, %29 : tile<ptr<f16>>
  %tview_51 = make_tensor_view %assume_47, shape = [%assume_48, %assume_49], strides = [%assume_50, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_52 = make_partition_view %tview_51 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %40, %30 = get_index_space_shape %pview_52 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %31 = divi %blockId_x, %30 signed rounding<negative_inf> : tile<i32>
  %41 = cmpi less_than %31, %40, signed : tile<i32> -> tile<i1>
  if %41 {
    %0 = extract %tile[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape = reshape %0 : tile<1x1xi64> -> tile<i64>
    %1 = extract %tile[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_8 = reshape %1 : tile<1x1xi64> -> tile<i64>
    %2 = extract %tile[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_9 = reshape %2 : tile<1x1xi64> -> tile<i64>
    %3 = extract %tile[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_10 = reshape %3 : tile<1x1xi64> -> tile<i64>
    %5 = trunci %reshape_8 : tile<i64> -> tile<i32>
    %6 = trunci %reshape_9 : tile<i64> -> tile<i32>
    %7 = trunci %reshape_10 : tile<i64> -> tile<i32>
    %9 = int_to_ptr %reshape : tile<i64> -> tile<ptr<f16>>
    %assume = assume div_by<16>, %9 : tile<ptr<f16>>
    %assume_12 = assume bounded<0, ?>, %5 : tile<i32>
    %assume_13 = assume bounded<0, ?>, %6 : tile<i32>
    %assume_14 = assume bounded<0, ?>, %7 : tile<i32>
    %tview_15 = make_tensor_view %assume, shape = [%assume_12, %assume_13], strides = [%assume_14, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %10 = extract %tile_17[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_20 = reshape %10 : tile<1x1xi64> -> tile<i64>
    %11 = extract %tile_17[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_22 = reshape %11 : tile<1x1xi64> -> tile<i64>
    %12 = extract %tile_17[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_24 = reshape %12 : tile<1x1xi64> -> tile<i64>
    %13 = extract %tile_17[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_26 = reshape %13 : tile<1x1xi64> -> tile<i64>
    %15 = trunci %reshape_22 : tile<i64> -> tile<i32>
    %16 = trunci %reshape_24 : tile<i64> -> tile<i32>
    %17 = trunci %reshape_26 : tile<i64> -> tile<i32>
    %19 = int_to_ptr %reshape_20 : tile<i64> -> tile<ptr<f16>>
    %assume_29 = assume div_by<16>, %19 : tile<ptr<f16>>
    %assume_30 = assume bounded<0, ?>, %15 : tile<i32>
    %assume_31 = assume bounded<0, ?>, %16 : tile<i32>
    %assume_32 = assume bounded<0, ?>, %17 : tile<i32>
    %tview_33 = make_tensor_view %assume_29, shape = [%assume_30, %assume_31], strides = [%assume_32, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %32 = remi %blockId_x, %30 signed : tile<i32>
    %33 = cmpi less_than %32, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %34 = cmpi less_than %30, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %35 = xori %33, %34 : tile<i1>
    %36 = cmpi not_equal %32, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %37 = andi %35, %36 : tile<i1>
    %38 = addi %32, %30 : tile<i32>
    %39 = select %37, %38, %32 : tile<i1>, tile<i32>
    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %pview_58 = make_partition_view %tview_15 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %42, %46 = get_index_space_shape %pview_58 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %pview_61 = make_partition_view %tview_15 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pview_62 = make_partition_view %tview_33 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %for = for %loopIdx in (%cst_0_i32 to %46, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
      %tile_64, %result_token_65 = load_view_tko weak %pview_61[%31, %loopIdx] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %tile_66, %result_token_67 = load_view_tko weak %pview_62[%loopIdx, %39] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %45 = mmaf %tile_64, %tile_66, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %45 : tile<32x32xf32>
    }
    %43 = ftof %for : tile<32x32xf32> -> tile<32x32xf16>
    %44 = store_view_tko weak %43, %pview_52[%31, %39] token = %tok : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  } else {
  }
  return
}
