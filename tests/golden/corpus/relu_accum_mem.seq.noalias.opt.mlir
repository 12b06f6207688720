entry @relu_accum_mem_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_3 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %0 = exti %blockId_x signed : tile<i32> -> tile<i64>
  %1 = exti %assume_3 signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %0, %1, unsigned : tile<i64> -> tile<i1>
  %3 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %4 = muli %0, %3 : tile<i64>
  %5 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %14 = exti %assume_6 signed : tile<i32> -> tile<i64>
  %15 = cmpi less_than %0, %14, unsigned : tile<i64> -> tile<i1>
  %17 = offset %assume_0, %0 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  %tok_for = for %loopIdx in (%cst_0_i32 to %assume_4, step %cst_1_i32) : tile<i32> iter_values(%tok_0 = %tok) -> (token) {
    %6 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %7 = cmpi less_than %6, %5, unsigned : tile<i64> -> tile<i1>
    %8 = andi %2, %7 : tile<i1>
    %10 = addi %4, %6 : tile<i64>
    %11 = offset %assume, %10 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %assume_8 = assume div_by<4>, %11 : tile<ptr<f32>>
    %result, %result_token = load_ptr_tko weak %assume_8, %8, %cst_0_f32 token=%tok : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %12 = cmpf greater_than ordered %result, %cst_0_f32 : tile<f32> -> tile<i1>
    %tok_if = if %12 -> (token) {
      %assume_9 = assume div_by<4>, %17 : tile<ptr<f32>>
      %result_11, %result_token_12 = load_ptr_tko weak %assume_9, %15, %cst_0_f32 token=%tok_0 : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
      %18 = addf %result_11, %result : tile<f32>
      %24 = store_ptr_tko weak %assume_9, %18, %15 token=%result_token_12 : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
      yield %24 : token
    } else {
      yield %tok_0 : token
    }
    continue %tok_if : token
  }
  return
}
