entry @catalogue(%arg0: tile<ptr<f32>>, %arg1: tile<ptr<f8E4M3FN>>, %arg2: tile<ptr<f8E5M2>>, %arg3: tile<ptr<f8E8M0FNU>>, %arg4: tile<ptr<fnv8E5M3FNU>>, %arg5: tile<ptr<f4E2M1FN>>, %arg6: tile<ptr<tf32>>, %arg7: tile<i32>, %arg8: tile<f8E4M3FN>) {
  %cst_f32 = constant <f32: 1.500000e+00> : tile<4xf32>
  %cst_2_i32 = constant <i32: 2> : tile<4xi32>
  %0 = fpowi %cst_f32, %cst_2_i32 : tile<4xf32>, tile<4xi32>
  %1 = mulhii %cst_2_i32, %cst_2_i32 : tile<4xi32>
  %cst_f8E4M3FN = constant <f8E4M3FN: [1.953130e-03, 4.480000e+02, -4.480000e+02, -0.000000e+00]> : tile<4xf8E4M3FN>
  %cst_57344_f8E5M2 = constant <f8E5M2: 5.734400e+04> : tile<4xf8E5M2>
  %cst_2_f8E8M0FNU = constant <f8E8M0FNU: 2.000000e+00> : tile<4xf8E8M0FNU>
  %2 = ftof %0  : tile<4xf32> -> tile<4xf8E4M3FN>
  %3 = ftof %cst_f8E4M3FN  : tile<4xf8E4M3FN> -> tile<4xf32>
  %4 = ftof %cst_57344_f8E5M2  : tile<4xf8E5M2> -> tile<4xf32>
  %5 = ftof %cst_f32  : tile<4xf32> -> tile<4xtf32>
  %6 = ptr_to_int %arg0 : tile<ptr<f32>> -> tile<i64>
  %7 = int_to_ptr %6 : tile<i64> -> tile<ptr<f32>>
  %8 = ptr_to_ptr %7 : tile<ptr<f32>> -> tile<ptr<i32>>
  %cst_3_i8 = constant <i8: 3> : tile<16x32xi8>
  %cst_5_i8 = constant <i8: 5> : tile<32x8xi8>
  %cst_0_i32 = constant <i32: 0> : tile<16x8xi32>
  %9 = mmai %cst_3_i8, %cst_5_i8, %cst_0_i32 signed signed : tile<16x32xi8>, tile<32x8xi8>, tile<16x8xi32>
  %reshape = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast = broadcast %reshape : tile<1xptr<f32>> -> tile<4xptr<f32>>
  %result, %result_token = load_ptr_tko weak %bcast optimization_hints = <default = {latency = 1}> : tile<4xptr<f32>> -> tile<4xf32>, token
  %10 = store_ptr_tko weak %bcast, %3 optimization_hints = <default = {latency = 3}> : tile<4xptr<f32>>, tile<4xf32> -> token
  return
}
