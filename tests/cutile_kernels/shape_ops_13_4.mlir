entry @k(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) {
  %cst_f32 = constant <f32: 1.500000e+00> : tile<8xf32>
  %cst_f32_0 = constant <f32: 2.500000e+00> : tile<4xf32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %0 = insert %cst_f32_0, %cst_f32[%cst_1_i32] : tile<4xf32>, tile<8xf32>
  %1 = pack %0 : tile<8xf32> -> tile<32xi8>
  %2 = unpack %1 : tile<32xi8> -> tile<8xf32>
  %tview = make_tensor_view %arg0, shape = [%arg1, 4], strides = [4, 1] : tile<i32> -> tensor_view<?x4xf32, strides=[4,1]>
  %3:2 = get_tensor_shape %tview : tensor_view<?x4xf32, strides=[4,1]> -> tile<i32>
  return
}
