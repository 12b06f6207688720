entry @licm_probe_Kt1_A1f32_1t1_p16_Si32_I128(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %assume_0 = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_0], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_0_i32_2 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %cst_0_i32_3 = constant <i32: 0> : tile<i32>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %pview_4 = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %for:2 = for %loopIdx in (%cst_0_i32 to %arg3, step %cst_1_i32_1) : tile<i32> iter_values(%iterArg0 = %0, %iterArg1 = %0) -> (token, token) {
    %tile, %result_token = load_view_tko weak %pview[%cst_0_i32_2] token = %iterArg1 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %1 = join_tokens %iterArg0, %result_token : token
    %2 = addf %tile, %bcast  : tile<128xf32>
    %3 = store_view_tko weak %2, %pview_4[%cst_0_i32_3] token = %1 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    continue %3, %3 : token, token
  }
  return
}
