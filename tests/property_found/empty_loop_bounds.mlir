// Found by kernels(parallel_stores=True): a `for` that never runs (0 to 0) gave its
// induction variable the empty range [0, -1]; the interval facts derived from it merged
// e-classes the code outside the loop shares, and a store's mask `iota < 2` became `true`.
entry @prop(%A: tile<ptr<i32>>, %B: tile<ptr<i32>>, %C: tile<ptr<f32>>) {
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %0 = make_token : token
  %3 = reshape %A : tile<ptr<i32>> -> tile<1x1xptr<i32>>
  %4 = broadcast %3 : tile<1x1xptr<i32>> -> tile<1x4xptr<i32>>
  %9 = make_tensor_view %C, shape = [2, 8], strides = [8, 1] : tensor_view<2x8xf32, strides=[8,1]>
  %10 = make_partition_view %9 : partition_view<tile=(1x4), tensor_view<2x8xf32, strides=[8,1]>>
  %13 = iota : tile<4xi32>
  %14 = reshape %13 : tile<4xi32> -> tile<1x4xi32>
  %15 = iota : tile<128xi8>
  %16 = constant <i8: -128> : tile<128xi8>
  %17 = cmpi less_than %15, %16, signed : tile<128xi8> -> tile<128xi1>
  %18 = exti %17 unsigned : tile<128xi1> -> tile<128xi32>
  %19 = reshape %18 : tile<128xi32> -> tile<32x4xi32>
  %20 = constant <i32: 14> : tile<i32>
  %21 = constant <i32: 0> : tile<i32>
  %22 = extract %19[%20, %21] : tile<32x4xi32> -> tile<1x4xi32>
  %23 = join_tokens %0, %0 : token
  %24 = reshape %blockId_x : tile<i32> -> tile<1x1xi32>
  %25 = broadcast %24 : tile<1x1xi32> -> tile<1x4xi32>
  %26 = addi %25, %14 : tile<1x4xi32>
  %27 = constant <i32: 8> : tile<1x4xi32>
  %28 = cmpi less_than %26, %27, signed : tile<1x4xi32> -> tile<1x4xi1>
  %29 = constant <i32: 2> : tile<1x4xi32>
  %30 = cmpi less_than %14, %29, signed : tile<1x4xi32> -> tile<1x4xi1>
  %31 = andi %28, %30 : tile<1x4xi1>
  %32 = constant <i32: 8> : tile<i32>
  %33 = muli %blockId_x, %32 : tile<i32>
  %34 = reshape %33 : tile<i32> -> tile<1x1xi32>
  %35 = broadcast %34 : tile<1x1xi32> -> tile<1x4xi32>
  %36 = addi %26, %35 : tile<1x4xi32>
  %37 = offset %4, %36 : tile<1x4xptr<i32>>, tile<1x4xi32> -> tile<1x4xptr<i32>>
  %38 = store_ptr_tko weak %37, %22, %31 token=%23 : tile<1x4xptr<i32>>, tile<1x4xi32>, tile<1x4xi1> -> token
  %39 = constant <i32: 0> : tile<i32>
  %40 = constant <i32: 2> : tile<i32>
  %41 = constant <i32: 0> : tile<i32>
  %42 = constant <i32: 3> : tile<1x4xi32>
  %43 = constant <i32: 2> : tile<1x4xi32>
  %44:3 = for %61 in (%39 to %41, step %40) : tile<i32> iter_values(%62 = %42, %63 = %43, %64 = %38) -> (tile<1x4xi32>, tile<1x4xi32>, token) {
    %65 = constant <i32: 1> : tile<i32>
    %66 = constant <i32: 0> : tile<i32>
    %67 = cmpi less_than %65, %66, signed : tile<i32> -> tile<i1>
    %68:3 = if %67 -> (tile<1x4xi32>, tile<1x4xi32>, token) {
      %95 = constant <i32: 2> : tile<i32>
      %96 = remi %61, %95 signed : tile<i32>
      %97, %98 = load_view_tko weak %10[%blockId_x, %96] token = %64 : partition_view<tile=(1x4), tensor_view<2x8xf32, strides=[8,1]>>, tile<i32> -> tile<1x4xf32>, token
      %100 = join_tokens %64, %98 : token
      yield %62, %63, %100 : tile<1x4xi32>, tile<1x4xi32>, token
    } else {
      %95 = constant <i32: -1> : tile<1x4xi32>
      yield %63, %95, %64 : tile<1x4xi32>, tile<1x4xi32>, token
    }
    %69 = join_tokens %68#2, %68#2 : token
    %70 = constant <i32: 2> : tile<i32>
    %71 = muli %61, %70 : tile<i32>
    %72 = constant <i32: 2> : tile<i32>
    %73 = addi %71, %72 : tile<i32>
    %74 = constant <i32: 4> : tile<i32>
    %75 = muli %73, %74 : tile<i32>
    %76 = reshape %75 : tile<i32> -> tile<1x1xi32>
    %77 = broadcast %76 : tile<1x1xi32> -> tile<1x4xi32>
    %78 = constant <i32: 3> : tile<1x4xi32>
    %79 = subi %78, %14 : tile<1x4xi32>
    %80 = addi %77, %79 : tile<1x4xi32>
    %81 = constant <i32: 8> : tile<1x4xi32>
    %82 = cmpi less_than %80, %81, signed : tile<1x4xi32> -> tile<1x4xi1>
    %83 = constant <i32: 2> : tile<1x4xi32>
    %84 = cmpi less_than %14, %83, signed : tile<1x4xi32> -> tile<1x4xi1>
    %85 = andi %82, %84 : tile<1x4xi1>
    %86 = constant <i32: 8> : tile<i32>
    %87 = muli %blockId_x, %86 : tile<i32>
    %88 = reshape %87 : tile<i32> -> tile<1x1xi32>
    %89 = broadcast %88 : tile<1x1xi32> -> tile<1x4xi32>
    %90 = addi %80, %89 : tile<1x4xi32>
    %91 = offset %4, %90 : tile<1x4xptr<i32>>, tile<1x4xi32> -> tile<1x4xptr<i32>>
    %92 = store_ptr_tko weak %91, %68#1, %85 token=%69 : tile<1x4xptr<i32>>, tile<1x4xi32>, tile<1x4xi1> -> token
    %93 = constant <i32: 3> : tile<1x4xi32>
    %94 = addi %62, %93 : tile<1x4xi32>
    continue %94, %94, %92 : tile<1x4xi32>, tile<1x4xi32>, token
  }
  return
}

