entry @k(%arg0: tile<ptr<f32>>) {
  %0 = make_token : token
  %1 = gdc_wait_tko token = %0 -> token
  %2 = gdc_launch_dependents_tko -> token
  %3 = memory_fence_alias_tko %1
  %result, %result_token = load_ptr_tko weak %arg0 token=%3 : tile<ptr<f32>> -> tile<f32>, token
  %4 = store_ptr_tko weak %arg0, %result token=%result_token : tile<ptr<f32>>, tile<f32> -> token
  return
}
