// Extraction was dearer than the program as encoded (2.75 > 2.25 cycles). The inner
// counter runs 0, 2, 4, so saturation proves `j rem 2` = 0 and `%10` equal to the
// loop-invariant `%4`: one class. Decoding computes a loop-invariant value once before
// the loops, so the store's address and extension move out of a loop that never runs
// (2 to 2) and are paid for, while the program as encoded paid nothing for them. The
// saturated e-graph holds no program as cheap; the e-graph as encoded does.
// Distilled by hand from a kernels(scatters=True) draw (scatter_loop_never_runs.mlir).
entry @zero_trip_hoist(%A: tile<ptr<i32>>) {
  %0 = make_token : token
  %1 = reshape %A : tile<ptr<i32>> -> tile<1x1xptr<i32>>
  %2 = broadcast %1 : tile<1x1xptr<i32>> -> tile<1x2xptr<i32>>
  %3 = iota : tile<2xi32>
  %4 = reshape %3 : tile<2xi32> -> tile<1x2xi32>
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %c5 = constant <i32: 5> : tile<i32>
  %5 = for %i in (%c2 to %c2, step %c1) : tile<i32> iter_values(%t = %0) -> (token) {
    %6 = for %j in (%c0 to %c5, step %c2) : tile<i32> iter_values(%u = %t) -> (token) {
      %7 = remi %j, %c2 signed : tile<i32>
      %8 = reshape %7 : tile<i32> -> tile<1x1xi32>
      %9 = broadcast %8 : tile<1x1xi32> -> tile<1x2xi32>
      %10 = addi %9, %4 : tile<1x2xi32>
      %11 = exti %10 signed : tile<1x2xi32> -> tile<1x2xi64>
      %12 = offset %2, %11 : tile<1x2xptr<i32>>, tile<1x2xi64> -> tile<1x2xptr<i32>>
      %13 = store_ptr_tko weak %12, %10 token=%u : tile<1x2xptr<i32>>, tile<1x2xi32> -> token
      continue %13 : token
    }
    continue %6 : token
  }
  return
}
