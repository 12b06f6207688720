entry @relu_accum_mem_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %tok = make_token : token
  %7, %8, %9 = get_tile_block_id : tile<i32>
  %10 = exti %7 signed : tile<i32> -> tile<i64>
  %11 = exti %3 signed : tile<i32> -> tile<i64>
  %12 = muli %10, %11 : tile<i64>
  %13 = exti %1 signed : tile<i32> -> tile<i64>
  %14 = cmpi less_than %10, %13, unsigned : tile<i64> -> tile<i1>
  %15 = exti %2 signed : tile<i32> -> tile<i64>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %16 = offset %4, %10 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  %17 = exti %5 signed : tile<i32> -> tile<i64>
  %18 = cmpi less_than %10, %17, unsigned : tile<i64> -> tile<i1>
  %19 = for %loopIdx in (%cst_0_i32 to %2, step %6) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %20 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %21 = addi %12, %20 : tile<i64>
    %22 = offset %0, %21 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %assume_8 = assume div_by<4>, %22 : tile<ptr<f32>>
    %23 = cmpi less_than %20, %15, unsigned : tile<i64> -> tile<i1>
    %24 = andi %14, %23 : tile<i1>
    %25, %26 = load_ptr_tko weak %assume_8, %24, %cst_0_f32 token=%tok : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %27 = cmpf greater_than ordered %25, %cst_0_f32 : tile<f32> -> tile<i1>
    %28 = if %27 -> (token) {
      %assume_9 = assume div_by<4>, %16 : tile<ptr<f32>>
      %29, %30 = load_ptr_tko weak %assume_9, %18, %cst_0_f32 token=%tok_0 : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
      %31 = addf %29, %25 : tile<f32>
      %32 = store_ptr_tko weak %assume_9, %31, %18 token=%30 : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
      yield %32 : token
    } else {
      yield %tok_0 : token
    }
    continue %28 : token
  }
  return
}
