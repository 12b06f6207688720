// Found by kernels(parallel_stores=True): the store %35 to C before the loop and the store
// %73 to C after it conflict. The optimizer split the loop's carried token per alias set
// (both parts starting from %35), clean-up weakened one part's init to the root token, and
// undoing the split (it freed no op) kept only that part's init: %73, waiting for the
// loop's result only, was no longer after %35.
entry @prop(%A: tile<ptr<f32>> {alias = ["g1", "g2"]}, %B: tile<ptr<f32>> {alias = "g1"}, %C: tile<ptr<i32>> {alias = "g0"}) {
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %0 = make_token : token
  %9 = constant <i32: 15> : tile<i32>
  %10 = make_tensor_view %B, shape = [90], strides = [1] : tensor_view<90xf32, strides=[1]>
  %11 = make_partition_view %10 : partition_view<tile=(2), tensor_view<90xf32, strides=[1]>>
  %12 = muli %blockId_x, %9 : tile<i32>
  %13 = make_tensor_view %C, shape = [3, 30], strides = [30, 1] : tensor_view<3x30xi32, strides=[30,1]>
  %14 = make_partition_view %13 : partition_view<tile=(1x2), tensor_view<3x30xi32, strides=[30,1]>>
  %15 = reshape %C : tile<ptr<i32>> -> tile<1x1xptr<i32>>
  %16 = broadcast %15 : tile<1x1xptr<i32>> -> tile<1x2xptr<i32>>
  %17 = iota : tile<2xi32>
  %18 = reshape %17 : tile<2xi32> -> tile<1x2xi32>
  %19 = iota : tile<128xi8>
  %20 = exti %19 unsigned : tile<128xi8> -> tile<128xi32>
  %21 = reshape %20 : tile<128xi32> -> tile<64x2xi32>
  %22 = constant <i32: 58> : tile<i32>
  %23 = constant <i32: 0> : tile<i32>
  %24 = extract %21[%22, %23] : tile<64x2xi32> -> tile<1x2xi32>
  %25 = join_tokens %0, %0 : token
  %26 = reshape %blockId_x : tile<i32> -> tile<1x1xi32>
  %27 = broadcast %26 : tile<1x1xi32> -> tile<1x2xi32>
  %28 = addi %27, %18 : tile<1x2xi32>
  %29 = constant <i32: 30> : tile<i32>
  %30 = muli %blockId_x, %29 : tile<i32>
  %31 = reshape %30 : tile<i32> -> tile<1x1xi32>
  %32 = broadcast %31 : tile<1x1xi32> -> tile<1x2xi32>
  %33 = addi %28, %32 : tile<1x2xi32>
  %34 = offset %16, %33 : tile<1x2xptr<i32>>, tile<1x2xi32> -> tile<1x2xptr<i32>>
  %35 = store_ptr_tko weak %34, %24 token=%25 : tile<1x2xptr<i32>>, tile<1x2xi32> -> token
  %36 = constant <i32: 0> : tile<i32>
  %37 = constant <i32: 2> : tile<i32>
  %38 = constant <i32: 6> : tile<i32>
  %39 = constant <f32: 2.000000e+00> : tile<1x2xf32>
  %40 = constant <i32: 3> : tile<1x2xi32>
  %41:3 = for %77 in (%36 to %38, step %37) : tile<i32> iter_values(%78 = %39, %79 = %40, %80 = %35) -> (tile<1x2xf32>, tile<1x2xi32>, token) {
    %81 = constant <i32: 2> : tile<i32>
    %82 = remi %77, %81 signed : tile<i32>
    %83 = constant <i32: 2> : tile<i32>
    %84 = cmpi less_than %82, %83, signed : tile<i32> -> tile<i1>
    %85:3 = if %84 -> (tile<1x2xf32>, tile<1x2xf32>, token) {
      %101 = constant <f32: 3.000000e+00> : tile<1x2xf32>
      %102 = subf %78, %101 : tile<1x2xf32>
      yield %102, %102, %80 : tile<1x2xf32>, tile<1x2xf32>, token
    } else {
      %101 = join_tokens %80, %0 : token
      %102 = addi %77, %blockId_x : tile<i32>
      %103 = store_view_tko weak %79, %14[%blockId_x, %102] token = %101 : tile<1x2xi32>, partition_view<tile=(1x2), tensor_view<3x30xi32, strides=[30,1]>>, tile<i32> -> token
      yield %78, %78, %103 : tile<1x2xf32>, tile<1x2xf32>, token
    }
    %86 = addi %77, %blockId_x : tile<i32>
    %87 = addi %12, %86 : tile<i32>
    %88, %89 = load_view_tko weak %11[%87] token = %85#2 : partition_view<tile=(2), tensor_view<90xf32, strides=[1]>>, tile<i32> -> tile<2xf32>, token
    %90 = reshape %88 : tile<2xf32> -> tile<1x2xf32>
    %91 = constant <f32: 2.000000e+00> : tile<1x2xf32>
    %92 = addf %90, %91 : tile<1x2xf32>
    %93 = reshape %85#0 : tile<1x2xf32> -> tile<2xf32>
    %94 = constant <i32: 3> : tile<i32>
    %95 = muli %77, %94 : tile<i32>
    %96 = constant <i32: 2> : tile<i32>
    %97 = addi %95, %96 : tile<i32>
    %98 = addi %12, %97 : tile<i32>
    %99 = store_view_tko weak %93, %11[%98] token = %89 : tile<2xf32>, partition_view<tile=(2), tensor_view<90xf32, strides=[1]>>, tile<i32> -> token
    %100 = addf %78, %92 : tile<1x2xf32>
    continue %100, %79, %99 : tile<1x2xf32>, tile<1x2xi32>, token
  }
  %50 = iota : tile<512xi64>
  %51 = trunci %50 : tile<512xi64> -> tile<512xi32>
  %52 = reshape %51 : tile<512xi32> -> tile<256x2xi32>
  %53 = constant <i32: 165> : tile<i32>
  %54 = constant <i32: 0> : tile<i32>
  %55 = extract %52[%53, %54] : tile<256x2xi32> -> tile<1x2xi32>
  %56 = join_tokens %41#2, %41#2 : token
  %57 = constant <i32: 1> : tile<i32>
  %58 = constant <i32: 2> : tile<i32>
  %59 = muli %57, %58 : tile<i32>
  %60 = reshape %59 : tile<i32> -> tile<1x1xi32>
  %61 = broadcast %60 : tile<1x1xi32> -> tile<1x2xi32>
  %62 = constant <i32: 2> : tile<1x2xi32>
  %63 = muli %18, %62 : tile<1x2xi32>
  %64 = addi %61, %63 : tile<1x2xi32>
  %65 = constant <i32: 30> : tile<1x2xi32>
  %66 = cmpi less_than %64, %65, signed : tile<1x2xi32> -> tile<1x2xi1>
  %67 = constant <i32: 30> : tile<i32>
  %68 = muli %blockId_x, %67 : tile<i32>
  %69 = reshape %68 : tile<i32> -> tile<1x1xi32>
  %70 = broadcast %69 : tile<1x1xi32> -> tile<1x2xi32>
  %71 = addi %64, %70 : tile<1x2xi32>
  %72 = offset %16, %71 : tile<1x2xptr<i32>>, tile<1x2xi32> -> tile<1x2xptr<i32>>
  %73 = store_ptr_tko weak %72, %55, %66 token=%56 : tile<1x2xptr<i32>>, tile<1x2xi32>, tile<1x2xi1> -> token
  return
}

