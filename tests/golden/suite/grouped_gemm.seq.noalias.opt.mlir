entry @grouped_gemm_Kt1_LA2f16_1l0_2t1_p16_LA2f16_1l0_2t1_p16_LA2f16_1l0_2t1_p16_I32_I32_I32(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<ptr<i64>>, %arg3: tile<i32>, %arg4: tile<ptr<i64>>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0, %1, %2 = get_tile_block_id : tile<i32>
  %tok = make_token : token
  %tview_4 = make_tensor_view %arg4, shape = [%arg5, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview_5 = make_partition_view %tview_4 : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %3, %4 = load_view_tko weak %pview_5[%1, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  %5 = extract %3[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_38 = reshape %5 : tile<1x1xi64> -> tile<i64>
  %6 = int_to_ptr %reshape_38 : tile<i64> -> tile<ptr<f16>>
  %7 = assume div_by<16>, %6 : tile<ptr<f16>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %8 = extract %3[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_40 = reshape %8 : tile<1x1xi64> -> tile<i64>
  %9 = trunci %reshape_40 : tile<i64> -> tile<i32>
  %10 = assume bounded<0, ?>, %9 : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %11 = extract %3[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_42 = reshape %11 : tile<1x1xi64> -> tile<i64>
  %12 = trunci %reshape_42 : tile<i64> -> tile<i32>
  %13 = assume bounded<0, ?>, %12 : tile<i32>
  %cst_3_i32 = constant <i32: 3> : tile<i32>
  %14 = extract %3[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
  %reshape_44 = reshape %14 : tile<1x1xi64> -> tile<i64>
  %15 = trunci %reshape_44 : tile<i64> -> tile<i32>
  %16 = assume bounded<0, ?>, %15 : tile<i32>
  %tview_51 = make_tensor_view %7, shape = [%10, %13], strides = [%16, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %pview_52 = make_partition_view %tview_51 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
  %17:2 = get_index_space_shape %pview_52 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
  %18 = divi %0, %17#1 signed rounding<negative_inf> : tile<i32>
  %19 = cmpi less_than %18, %17#0, signed : tile<i32> -> tile<i1>
  %tview = make_tensor_view %arg0, shape = [%arg1, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview = make_partition_view %tview : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %20, %21 = load_view_tko weak %pview[%1, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  %tview_2 = make_tensor_view %arg2, shape = [%arg3, 5], strides = [5, 1] : tile<i32> -> tensor_view<?x5xi64, strides=[5,1]>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>
  %22, %23 = load_view_tko weak %pview_3[%1, %cst_0_i32] token = %tok : partition_view<tile=(1x8), tensor_view<?x5xi64, strides=[5,1]>>, tile<i32> -> tile<1x8xi64>, token
  if %19 {
    %24 = extract %20[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape = reshape %24 : tile<1x1xi64> -> tile<i64>
    %25 = int_to_ptr %reshape : tile<i64> -> tile<ptr<f16>>
    %assume = assume div_by<16>, %25 : tile<ptr<f16>>
    %26 = extract %20[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_8 = reshape %26 : tile<1x1xi64> -> tile<i64>
    %27 = trunci %reshape_8 : tile<i64> -> tile<i32>
    %assume_12 = assume bounded<0, ?>, %27 : tile<i32>
    %28 = extract %20[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_9 = reshape %28 : tile<1x1xi64> -> tile<i64>
    %29 = trunci %reshape_9 : tile<i64> -> tile<i32>
    %assume_13 = assume bounded<0, ?>, %29 : tile<i32>
    %30 = extract %20[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_10 = reshape %30 : tile<1x1xi64> -> tile<i64>
    %31 = trunci %reshape_10 : tile<i64> -> tile<i32>
    %assume_14 = assume bounded<0, ?>, %31 : tile<i32>
    %tview_15 = make_tensor_view %assume, shape = [%assume_12, %assume_13], strides = [%assume_14, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pview_58 = make_partition_view %tview_15 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %32:2 = get_index_space_shape %pview_58 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
    %pview_61 = make_partition_view %tview_15 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %33 = extract %22[%cst_0_i32, %cst_0_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_20 = reshape %33 : tile<1x1xi64> -> tile<i64>
    %34 = int_to_ptr %reshape_20 : tile<i64> -> tile<ptr<f16>>
    %assume_29 = assume div_by<16>, %34 : tile<ptr<f16>>
    %35 = extract %22[%cst_0_i32, %cst_1_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_22 = reshape %35 : tile<1x1xi64> -> tile<i64>
    %36 = trunci %reshape_22 : tile<i64> -> tile<i32>
    %assume_30 = assume bounded<0, ?>, %36 : tile<i32>
    %37 = extract %22[%cst_0_i32, %cst_2_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_24 = reshape %37 : tile<1x1xi64> -> tile<i64>
    %38 = trunci %reshape_24 : tile<i64> -> tile<i32>
    %assume_31 = assume bounded<0, ?>, %38 : tile<i32>
    %39 = extract %22[%cst_0_i32, %cst_3_i32] : tile<1x8xi64> -> tile<1x1xi64>
    %reshape_26 = reshape %39 : tile<1x1xi64> -> tile<i64>
    %40 = trunci %reshape_26 : tile<i64> -> tile<i32>
    %assume_32 = assume bounded<0, ?>, %40 : tile<i32>
    %tview_33 = make_tensor_view %assume_29, shape = [%assume_30, %assume_31], strides = [%assume_32, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %pview_62 = make_partition_view %tview_33 : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %41 = remi %0, %17#1 signed : tile<i32>
    %42 = cmpi less_than %41, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %43 = cmpi less_than %17#1, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %44 = xori %42, %43 : tile<i1>
    %45 = cmpi not_equal %41, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %46 = andi %44, %45 : tile<i1>
    %47 = addi %41, %17#1 : tile<i32>
    %48 = select %46, %47, %41 : tile<i1>, tile<i32>
    %49 = for %loopIdx in (%cst_0_i32 to %32#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<32x32xf32>) {
      %52, %53 = load_view_tko weak %pview_61[%18, %loopIdx] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %54, %55 = load_view_tko weak %pview_62[%loopIdx, %48] token = %tok : partition_view<tile=(32x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
      %56 = mmaf %52, %54, %iterArg0 : tile<32x32xf16>, tile<32x32xf16>, tile<32x32xf32>
      continue %56 : tile<32x32xf32>
    }
    %50 = ftof %49 : tile<32x32xf32> -> tile<32x32xf16>
    %51 = store_view_tko weak %50, %pview_52[%18, %48] token = %tok : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  } else {
  }
  return
}
