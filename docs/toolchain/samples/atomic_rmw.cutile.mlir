entry @atomic_rmw_Kt1_A1i32_1t1_p16_A1f32_1t1_p16_A1i32_1t1_p16_I64(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<i32>>
  %assume_0 = assume div_by<16>, %arg3 : tile<ptr<f32>>
  %assume_1 = assume div_by<16>, %arg6 : tile<ptr<i32>>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_2 = constant <i64: 1> : tile<i64>
  %cst_1_i64_3 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_4 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_5 = constant <i64: 1> : tile<i64>
  %cst_1_i64_6 = constant <i64: 1> : tile<i64>
  %cst_1_i64_7 = constant <i64: 1> : tile<i64>
  %cst_1_i64_8 = constant <i64: 1> : tile<i64>
  %cst_1_i64_9 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_10 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_11 = constant <i64: 1> : tile<64xi64>
  %assume_12 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg7 : tile<i32>
  %1 = iota : tile<64xi32>
  %cst_1_i32 = constant <i32: 1> : tile<64xi32>
  %2 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %3 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape = reshape %3 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<64xi64>
  %4 = cmpi less_than %2, %bcast, unsigned : tile<64xi64> -> tile<64xi1>
  %5 = muli %2, %cst_1_i64 : tile<64xi64>
  %reshape_15 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_16 = broadcast %reshape_15 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %6 = offset %bcast_16, %5 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %result, %result_token = atomic_rmw_tko acq_rel device %6, add, %cst_1_i32, %4 token=%0 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %cst_f32 = constant <f32: 1.500000e+00> : tile<f32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %7 = exti %assume_13 signed : tile<i32> -> tile<i64>
  %8 = cmpi less_than %cst_0_i64, %7, unsigned : tile<i64> -> tile<i1>
  %9 = muli %cst_0_i64, %cst_1_i64_2 : tile<i64>
  %10 = offset %assume_0, %9 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  %11 = join_tokens %0, %result_token : token
  %result_17, %result_token_18 = atomic_rmw_tko relaxed tl_blk %10, addf, %cst_f32, %8 token=%11 : tile<ptr<f32>>, tile<f32>, tile<i1> -> tile<f32>, token
  %12 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %13 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_19 = reshape %13 : tile<i64> -> tile<1xi64>
  %bcast_20 = broadcast %reshape_19 : tile<1xi64> -> tile<64xi64>
  %14 = cmpi less_than %12, %bcast_20, unsigned : tile<64xi64> -> tile<64xi1>
  %15 = muli %12, %cst_1_i64_3 : tile<64xi64>
  %reshape_21 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_22 = broadcast %reshape_21 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %16 = offset %bcast_22, %15 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %17 = join_tokens %result_token, %result_token_18 : token
  %result_23, %result_token_24 = atomic_rmw_tko acq_rel sys %16, max, %result, %14 token=%17 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %18 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %19 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_25 = reshape %19 : tile<i64> -> tile<1xi64>
  %bcast_26 = broadcast %reshape_25 : tile<1xi64> -> tile<64xi64>
  %20 = cmpi less_than %18, %bcast_26, unsigned : tile<64xi64> -> tile<64xi1>
  %21 = muli %18, %cst_1_i64_4 : tile<64xi64>
  %reshape_27 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_28 = broadcast %reshape_27 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %22 = offset %bcast_28, %21 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %23 = join_tokens %result_token_24, %result_token_18 : token
  %result_29, %result_token_30 = atomic_rmw_tko acq_rel device %22, min, %result, %20 token=%23 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %cst_7_i32 = constant <i32: 7> : tile<i32>
  %cst_0_i64_31 = constant <i64: 0> : tile<i64>
  %24 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %25 = cmpi less_than %cst_0_i64_31, %24, unsigned : tile<i64> -> tile<i1>
  %26 = muli %cst_0_i64_31, %cst_1_i64_5 : tile<i64>
  %27 = offset %assume_1, %26 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %28 = join_tokens %0, %result_token_30, %result_token_18 : token
  %result_32, %result_token_33 = atomic_rmw_tko acq_rel device %27, and, %cst_7_i32, %25 token=%28 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_8_i32 = constant <i32: 8> : tile<i32>
  %cst_1_i64_34 = constant <i64: 1> : tile<i64>
  %29 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %30 = cmpi less_than %cst_1_i64_34, %29, unsigned : tile<i64> -> tile<i1>
  %31 = muli %cst_1_i64_34, %cst_1_i64_6 : tile<i64>
  %32 = offset %assume_1, %31 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %33 = join_tokens %result_token_33, %result_token_30, %result_token_18 : token
  %result_35, %result_token_36 = atomic_rmw_tko acq_rel device %32, or, %cst_8_i32, %30 token=%33 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_3_i32 = constant <i32: 3> : tile<i32>
  %cst_2_i64 = constant <i64: 2> : tile<i64>
  %34 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %35 = cmpi less_than %cst_2_i64, %34, unsigned : tile<i64> -> tile<i1>
  %36 = muli %cst_2_i64, %cst_1_i64_7 : tile<i64>
  %37 = offset %assume_1, %36 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %38 = join_tokens %result_token_36, %result_token_30, %result_token_18 : token
  %result_37, %result_token_38 = atomic_rmw_tko acq_rel device %37, xor, %cst_3_i32, %35 token=%38 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_5_i32 = constant <i32: 5> : tile<i32>
  %cst_3_i64 = constant <i64: 3> : tile<i64>
  %39 = exti %assume_14 signed : tile<i32> -> tile<i64>
  %40 = cmpi less_than %cst_3_i64, %39, unsigned : tile<i64> -> tile<i1>
  %41 = muli %cst_3_i64, %cst_1_i64_8 : tile<i64>
  %42 = offset %assume_1, %41 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %result_39, %result_token_40 = atomic_rmw_tko acquire device %42, xchg, %cst_5_i32, %40 token=%result_token_38 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %43 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %44 = exti %assume_12 signed : tile<i32> -> tile<i64>
  %reshape_41 = reshape %44 : tile<i64> -> tile<1xi64>
  %bcast_42 = broadcast %reshape_41 : tile<1xi64> -> tile<64xi64>
  %45 = cmpi less_than %43, %bcast_42, unsigned : tile<64xi64> -> tile<64xi1>
  %46 = muli %43, %cst_1_i64_9 : tile<64xi64>
  %reshape_43 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_44 = broadcast %reshape_43 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %47 = offset %bcast_44, %46 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %48 = join_tokens %result_token_30, %result_token_40 : token
  %result_45, %result_token_46 = atomic_cas_tko relaxed device %47, %cst_1_i32, %result, %45 token=%48 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %49 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %50 = muli %49, %cst_1_i64_10 : tile<64xi64>
  %reshape_47 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_48 = broadcast %reshape_47 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %51 = offset %bcast_48, %50 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %52 = join_tokens %result_token_46, %result_token_40, %result_token_18 : token
  %result_49, %result_token_50 = atomic_rmw_tko acq_rel device %51, add, %cst_1_i32 token=%52 : tile<64xptr<i32>>, tile<64xi32> -> tile<64xi32>, token
  %53 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %54 = muli %53, %cst_1_i64_11 : tile<64xi64>
  %reshape_51 = reshape %assume : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_52 = broadcast %reshape_51 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %55 = offset %bcast_52, %54 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %56 = join_tokens %result_token_50, %result_token_18, %result_token_40 : token
  %result_53, %result_token_54 = atomic_cas_tko acq_rel device %55, %cst_1_i32, %result token=%56 : tile<64xptr<i32>>, tile<64xi32> -> tile<64xi32>, token
  return
}
