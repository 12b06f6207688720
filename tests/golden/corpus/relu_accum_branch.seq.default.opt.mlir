entry @relu_accum_branch_Kt1_A2f32_1l0_2t1_p16_A1f32_1t1_p16(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %assume_2 = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_0 = assume div_by<16>, %arg5 : tile<ptr<f32>>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %tok = make_token : token
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %0 = exti %blockId_x signed : tile<i32> -> tile<i64>
  %1 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %0, %1, unsigned : tile<i64> -> tile<i1>
  %3 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %4 = muli %0, %3 : tile<i64>
  %5 = exti %assume_3 signed : tile<i32> -> tile<i64>
  %for = for %loopIdx in (%cst_0_i32 to %assume_3, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<f32>) {
    %12 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %13 = cmpi less_than %12, %5, unsigned : tile<i64> -> tile<i1>
    %14 = andi %2, %13 : tile<i1>
    %16 = addi %4, %12 : tile<i64>
    %17 = offset %assume, %16 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
    %assume_9 = assume div_by<4>, %17 : tile<ptr<f32>>
    %result, %result_token = load_ptr_tko weak %assume_9, %14, %cst_0_f32 token=%tok : tile<ptr<f32>>, tile<i1>, tile<f32> -> tile<f32>, token
    %18 = cmpf greater_than ordered %result, %cst_0_f32 : tile<f32> -> tile<i1>
    %19 = if %18 -> (tile<f32>) {
      %20 = addf %iterArg0, %result : tile<f32>
      yield %20 : tile<f32>
    } else {
      yield %iterArg0 : tile<f32>
    }
    continue %19 : tile<f32>
  }
  %7 = exti %assume_5 signed : tile<i32> -> tile<i64>
  %8 = cmpi less_than %0, %7, unsigned : tile<i64> -> tile<i1>
  %10 = offset %assume_0, %0 : tile<ptr<f32>>, tile<i64> -> tile<ptr<f32>>
  %assume_8 = assume div_by<4>, %10 : tile<ptr<f32>>
  %11 = store_ptr_tko weak %assume_8, %for, %8 token=%tok : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
  return
}
