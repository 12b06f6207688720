// Found by kernels(scatters=True, allow_alias=False) with noalias=True (derandomized draw
// 37 of 300): extraction was dearer than the program as encoded (9.25 > 8.75). The loop
// runs no iteration (0 to 0); `%26 rem 2` of its counter is 0 in the e-graph, so the
// near-miss scatter's column `%115` equals the invariant `%18` and decoding moves its mask
// and address before the loop.
entry @prop_Kt1_A2i32_1v4l0_2t1_p16g0_A2f32_1v4l0_2t1_p16g1(%A: tile<ptr<i32>> {alias = "g0"}, %A_rows: tile<i32>, %A_cols: tile<i32>, %A_stride: tile<i32>, %A_cstride: tile<i32>, %B: tile<ptr<f32>> {alias = "g1"}, %B_rows: tile<i32>, %B_cols: tile<i32>, %B_stride: tile<i32>, %B_cstride: tile<i32>) {
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %0 = make_token : token
  %1 = assume div_by<16>, %A : tile<ptr<i32>>
  %2 = assume bounded<0, ?>, %A_rows : tile<i32>
  %3 = assume bounded<0, ?>, %A_cols : tile<i32>
  %4 = assume bounded<0, ?>, %A_stride : tile<i32>
  %5 = make_tensor_view %1, shape = [%2, %3], strides = [%4, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
  %6 = make_partition_view %5 : partition_view<tile=(1x4), tensor_view<?x?xi32, strides=[?,1]>>
  %7 = reshape %1 : tile<ptr<i32>> -> tile<1x1xptr<i32>>
  %8 = broadcast %7 : tile<1x1xptr<i32>> -> tile<1x4xptr<i32>>
  %9 = assume div_by<16>, %B : tile<ptr<f32>>
  %10 = assume bounded<0, ?>, %B_rows : tile<i32>
  %11 = assume bounded<0, ?>, %B_cols : tile<i32>
  %12 = assume bounded<0, ?>, %B_stride : tile<i32>
  %13 = make_tensor_view %9, shape = [%10, %11], strides = [%12, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %14 = make_partition_view %13 : partition_view<tile=(1x4), tensor_view<?x?xf32, strides=[?,1]>>
  %15 = reshape %9 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %16 = broadcast %15 : tile<1x1xptr<f32>> -> tile<1x4xptr<f32>>
  %17 = iota : tile<4xi32>
  %18 = reshape %17 : tile<4xi32> -> tile<1x4xi32>
  %19 = constant <i32: 3> : tile<1x4xi32>
  %20 = itof %19 signed : tile<1x4xi32> -> tile<1x4xf32>
  %21 = addi %19, %19 : tile<1x4xi32>
  %22 = constant <i32: 0> : tile<i32>
  %23 = constant <i32: 2> : tile<i32>
  %24 = constant <i32: 0> : tile<i32>
  %25 = for %26 in (%22 to %24, step %23) : tile<i32> iter_values(%27 = %0) -> (token) {
    %28 = join_tokens %27, %0 : token
    %29 = constant <i32: 3> : tile<1x4xi32>
    %30 = subi %29, %18 : tile<1x4xi32>
    %31 = reshape %blockId_x : tile<i32> -> tile<1x1xi32>
    %32 = broadcast %31 : tile<1x1xi32> -> tile<1x4xi32>
    %33 = addi %32, %30 : tile<1x4xi32>
    %34 = exti %33 signed : tile<1x4xi32> -> tile<1x4xi64>
    %35 = exti %blockId_x signed : tile<i32> -> tile<i64>
    %36 = reshape %35 : tile<i64> -> tile<1x1xi64>
    %37 = broadcast %36 : tile<1x1xi64> -> tile<1x4xi64>
    %38 = exti %10 signed : tile<i32> -> tile<i64>
    %39 = reshape %38 : tile<i64> -> tile<1x1xi64>
    %40 = broadcast %39 : tile<1x1xi64> -> tile<1x4xi64>
    %41 = cmpi less_than %37, %40, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %42 = exti %11 signed : tile<i32> -> tile<i64>
    %43 = reshape %42 : tile<i64> -> tile<1x1xi64>
    %44 = broadcast %43 : tile<1x1xi64> -> tile<1x4xi64>
    %45 = cmpi less_than %34, %44, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %46 = andi %41, %45 : tile<1x4xi1>
    %47 = exti %12 signed : tile<i32> -> tile<i64>
    %48 = reshape %47 : tile<i64> -> tile<1x1xi64>
    %49 = broadcast %48 : tile<1x1xi64> -> tile<1x4xi64>
    %50 = muli %37, %49 : tile<1x4xi64>
    %51 = constant <i64: 1> : tile<1x4xi64>
    %52 = muli %34, %51 : tile<1x4xi64>
    %53 = addi %50, %52 : tile<1x4xi64>
    %54 = offset %16, %53 : tile<1x4xptr<f32>>, tile<1x4xi64> -> tile<1x4xptr<f32>>
    %55, %56 = load_ptr_tko weak %54, %46 token=%28 : tile<1x4xptr<f32>>, tile<1x4xi1> -> tile<1x4xf32>, token
    %57 = constant <i32: 3> : tile<1x4xi32>
    %58 = subi %57, %18 : tile<1x4xi32>
    %59 = reshape %blockId_x : tile<i32> -> tile<1x1xi32>
    %60 = broadcast %59 : tile<1x1xi32> -> tile<1x4xi32>
    %61 = addi %60, %58 : tile<1x4xi32>
    %62 = exti %61 signed : tile<1x4xi32> -> tile<1x4xi64>
    %63 = exti %blockId_x signed : tile<i32> -> tile<i64>
    %64 = reshape %63 : tile<i64> -> tile<1x1xi64>
    %65 = broadcast %64 : tile<1x1xi64> -> tile<1x4xi64>
    %66 = exti %10 signed : tile<i32> -> tile<i64>
    %67 = reshape %66 : tile<i64> -> tile<1x1xi64>
    %68 = broadcast %67 : tile<1x1xi64> -> tile<1x4xi64>
    %69 = cmpi less_than %65, %68, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %70 = exti %11 signed : tile<i32> -> tile<i64>
    %71 = reshape %70 : tile<i64> -> tile<1x1xi64>
    %72 = broadcast %71 : tile<1x1xi64> -> tile<1x4xi64>
    %73 = cmpi less_than %62, %72, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %74 = andi %69, %73 : tile<1x4xi1>
    %75 = exti %12 signed : tile<i32> -> tile<i64>
    %76 = reshape %75 : tile<i64> -> tile<1x1xi64>
    %77 = broadcast %76 : tile<1x1xi64> -> tile<1x4xi64>
    %78 = muli %65, %77 : tile<1x4xi64>
    %79 = constant <i64: 1> : tile<1x4xi64>
    %80 = muli %62, %79 : tile<1x4xi64>
    %81 = addi %78, %80 : tile<1x4xi64>
    %82 = offset %16, %81 : tile<1x4xptr<f32>>, tile<1x4xi64> -> tile<1x4xptr<f32>>
    %83 = constant <f32: 7.000000e+00> : tile<1x4xf32>
    %84, %85 = load_ptr_tko weak %82, %74, %83 token=%27 : tile<1x4xptr<f32>>, tile<1x4xi1>, tile<1x4xf32> -> tile<1x4xf32>, token
    %86 = itof %21 signed : tile<1x4xi32> -> tile<1x4xf32>
    %87 = addf %55, %84 : tile<1x4xf32>
    %88 = join_tokens %27, %56, %85 : token
    %89 = constant <i32: 2> : tile<i32>
    %90 = constant <i32: 4> : tile<i32>
    %91 = muli %89, %90 : tile<i32>
    %92 = reshape %91 : tile<i32> -> tile<1x1xi32>
    %93 = broadcast %92 : tile<1x1xi32> -> tile<1x4xi32>
    %94 = constant <i32: 2> : tile<1x4xi32>
    %95 = muli %18, %94 : tile<1x4xi32>
    %96 = addi %93, %95 : tile<1x4xi32>
    %97 = reshape %11 : tile<i32> -> tile<1x1xi32>
    %98 = broadcast %97 : tile<1x1xi32> -> tile<1x4xi32>
    %99 = cmpi less_than %96, %98, signed : tile<1x4xi32> -> tile<1x4xi1>
    %100 = muli %blockId_x, %12 : tile<i32>
    %101 = reshape %100 : tile<i32> -> tile<1x1xi32>
    %102 = broadcast %101 : tile<1x1xi32> -> tile<1x4xi32>
    %103 = addi %96, %102 : tile<1x4xi32>
    %104 = offset %16, %103 : tile<1x4xptr<f32>>, tile<1x4xi32> -> tile<1x4xptr<f32>>
    %105 = store_ptr_tko weak %104, %87, %99 token=%88 : tile<1x4xptr<f32>>, tile<1x4xf32>, tile<1x4xi1> -> token
    %106 = reshape %26 : tile<i32> -> tile<1x1xi32>
    %107 = broadcast %106 : tile<1x1xi32> -> tile<1x4xi32>
    %108 = itof %107 signed : tile<1x4xi32> -> tile<1x4xf32>
    %109 = constant <i32: 2> : tile<i32>
    %110 = remi %26, %109 signed : tile<i32>
    %111 = constant <i32: 4> : tile<i32>
    %112 = muli %110, %111 : tile<i32>
    %113 = reshape %112 : tile<i32> -> tile<1x1xi32>
    %114 = broadcast %113 : tile<1x1xi32> -> tile<1x4xi32>
    %115 = addi %114, %18 : tile<1x4xi32>
    %116 = exti %115 signed : tile<1x4xi32> -> tile<1x4xi64>
    %117 = exti %blockId_x signed : tile<i32> -> tile<i64>
    %118 = reshape %117 : tile<i64> -> tile<1x1xi64>
    %119 = broadcast %118 : tile<1x1xi64> -> tile<1x4xi64>
    %120 = exti %10 signed : tile<i32> -> tile<i64>
    %121 = reshape %120 : tile<i64> -> tile<1x1xi64>
    %122 = broadcast %121 : tile<1x1xi64> -> tile<1x4xi64>
    %123 = cmpi less_than %119, %122, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %124 = exti %11 signed : tile<i32> -> tile<i64>
    %125 = reshape %124 : tile<i64> -> tile<1x1xi64>
    %126 = broadcast %125 : tile<1x1xi64> -> tile<1x4xi64>
    %127 = cmpi less_than %116, %126, unsigned : tile<1x4xi64> -> tile<1x4xi1>
    %128 = andi %123, %127 : tile<1x4xi1>
    %129 = constant <i32: 2> : tile<1x4xi32>
    %130 = cmpi less_than %18, %129, signed : tile<1x4xi32> -> tile<1x4xi1>
    %131 = andi %128, %130 : tile<1x4xi1>
    %132 = exti %12 signed : tile<i32> -> tile<i64>
    %133 = reshape %132 : tile<i64> -> tile<1x1xi64>
    %134 = broadcast %133 : tile<1x1xi64> -> tile<1x4xi64>
    %135 = muli %119, %134 : tile<1x4xi64>
    %136 = constant <i64: 1> : tile<1x4xi64>
    %137 = muli %116, %136 : tile<1x4xi64>
    %138 = addi %135, %137 : tile<1x4xi64>
    %139 = offset %16, %138 : tile<1x4xptr<f32>>, tile<1x4xi64> -> tile<1x4xptr<f32>>
    %140 = store_ptr_tko weak %139, %108, %131 token=%105 : tile<1x4xptr<f32>>, tile<1x4xf32>, tile<1x4xi1> -> token
    continue %140 : token
  }
  return
}
