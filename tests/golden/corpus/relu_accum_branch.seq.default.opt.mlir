entry @relu_accum_branch_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %1 = assume bounded<0, ?>, %arg1 : tile<i32>
  %2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %4 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %6 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %tok = make_token : token
  %7, %8, %9 = get_tile_block_id : tile<i32>
  %10 = exti %7 signed : tile<i32> -> tile<i64>
  %11 = exti %3 signed : tile<i32> -> tile<i64>
  %12 = muli %10, %11 : tile<i64>
  %13 = exti %1 signed : tile<i32> -> tile<i64>
  %14 = cmpi less_than %10, %13, unsigned : tile<i64> -> tile<i1>
  %15 = exti %2 signed : tile<i32> -> tile<i64>
  %16 = for %loopIdx in (%cst_0_i32 to %2, step %6) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<f32>) {
    %22 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %23 = addi %12, %22 : tile<i64>
    %24 = offset %0, %23 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %assume_9 = assume div_by<4>, %24 : tile<ptr<f32>>
    %25 = cmpi less_than %22, %15, unsigned : tile<i64> -> tile<i1>
    %26 = andi %14, %25 : tile<i1>
    %27, %28 = load_ptr_tko weak %assume_9, %26, %cst_0_f32 token=%tok : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %29 = cmpf greater_than ordered %27, %cst_0_f32 : tile<f32> -> tile<i1>
    %30 = if %29 -> (tile<f32>) {
      %31 = addf %iterArg0, %27 : tile<f32>
      yield %31 : tile<f32>
    } else {
      yield %iterArg0 : tile<f32>
    }
    continue %30 : tile<f32>
  }
  %17 = offset %4, %10 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  %18 = assume div_by<4>, %17 : tile<ptr<f32>>
  %19 = exti %5 signed : tile<i32> -> tile<i64>
  %20 = cmpi less_than %10, %19, unsigned : tile<i64> -> tile<i1>
  %21 = store_ptr_tko weak %18, %16, %20 token=%tok : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
  return
}
