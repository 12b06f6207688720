entry @seq_forms(%a: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %o: tile<ptr<f32>>, %lock: tile<ptr<i32>>) optimization_hints=<default = {}> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %true = constant <i1: true> : tile<i1>
  %neg = constant <f32: 0xFF800000> : tile<f32>
  %aa = assume div_by<16>, %a : tile<ptr<f32>>
  %mm = assume bounded<0, ?>, %m : tile<i32>
  %nn = assume bounded<0, 64>, %n : tile<i32>
  %nn2 = assume div_by<2>, %nn : tile<i32>
  %tv = make_tensor_view %aa, shape = [%mm, %nn2], strides = [%nn2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pv = make_partition_view %tv : partition_view<tile=(1x4), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>>
  %sh:2 = get_index_space_shape %pv : partition_view<tile=(1x4), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>> -> tile<i32>
  %tvo = make_tensor_view %o, shape = [%mm, %nn2], strides = [%nn2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %pvo = make_partition_view %tvo : partition_view<tile=(1x4), tensor_view<?x?xf32, strides=[?,1]>>
  for %r in (%c0 to %sh#0, step %c1) : tile<i32> {
    for %cidx in (%c0 to %sh#1, step %c1) : tile<i32> {
      %x, %xt = load_view_tko weak %pv[%r, %cidx] : partition_view<tile=(1x4), padding_value = nan, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<1x4xf32>, token
      %flagp = offset %lock, %c0 : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
      %flag, %ft = load_ptr_tko weak %flagp, %true, %c1 : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
      %skip = cmpi equal %flag, %c1, signed : tile<i32> -> tile<i1>
      if %skip {
        continue
      } else {
      }
      %st = store_view_tko weak %x, %pvo[%r, %cidx] : tile<1x4xf32>, partition_view<tile=(1x4), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    }
  }
  %zero0 = constant <i32: 0> : tile<i32>
  loop {
    %old, %ot = atomic_cas_tko acquire device %lock, %zero0, %c1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %old, %zero0, signed : tile<i32> -> tile<i1>
    if %got {
      break
    } else {
    }
  }
  %done = cmpi greater_than %m, %c0, signed : tile<i32> -> tile<i1>
  if %done {
    %p0, %pt0 = load_ptr_tko weak %o : tile<ptr<f32>> -> tile<f32>, token
    %p1 = maxf %p0, %neg : tile<f32>
    %sp = store_ptr_tko weak %o, %p1 : tile<ptr<f32>>, tile<f32> -> token
  } else {
  }
  %rel, %relt = atomic_rmw_tko release device %lock, xchg, %zero0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
