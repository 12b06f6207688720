entry @view_forms(%a: tile<ptr<f32>>, %n: tile<i32>, %o: tile<ptr<f32>>, %s: tile<ptr<f32>>) {
  %bx, %by, %bz = get_tile_block_id : tile<i32>
  %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %aa = assume div_by<16>, %a : tile<ptr<f32>>
  %nn = assume bounded<0, ?>, %n : tile<i32>
  %tv = make_tensor_view %aa, shape = [%nn], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(4), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>
  %sh = get_index_space_shape %pv : partition_view<tile=(4), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>> -> tile<i32>
  %x, %t = load_view_tko weak %pv[%bx] optimization_hints = <default = {allow_tma = false, latency = 4}> : partition_view<tile=(4), padding_value = neg_inf, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
  %tv2 = make_tensor_view %o, shape = [2, 4], strides = [4, 1] : tensor_view<2x4xf32, strides=[4,1]>
  %pv2 = make_partition_view %tv2 : partition_view<tile=(1x4), tensor_view<2x4xf32, strides=[4,1]>>
  %x2 = reshape %x : tile<4xf32> -> tile<1x4xf32>
  %t2 = store_view_tko release tl_blk %x2, %pv2[%bx, %c0] optimization_hints = <default = {latency = 2}> : tile<1x4xf32>, partition_view<tile=(1x4), tensor_view<2x4xf32, strides=[4,1]>>, tile<i32> -> token
  %pv3 = make_partition_view %tv2 : partition_view<tile=(4x1), padding_value = zero, tensor_view<2x4xf32, strides=[4,1]>, dim_map=[1, 0]>
  %y, %ty = load_view_tko acquire device %pv3[%c0, %c0] : partition_view<tile=(4x1), padding_value = zero, tensor_view<2x4xf32, strides=[4,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x1xf32>, token
  %tv4 = make_tensor_view %s, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
  %pv4 = make_partition_view %tv4 : partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>
  %t4 = atomic_red_view_tko relaxed device %pv4[%bx], addf, %x : tile<4xf32>, partition_view<tile=(4), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
  %sv = make_strided_view %tv4 : strided_view<tile=(2), traversal_strides=[4], tensor_view<8xf32, strides=[1]>>
  %z = reshape %sh : tile<i32> -> tile<1xi32>
  %zb = broadcast %z : tile<1xi32> -> tile<2xi32>
  %zf = itof %zb signed  : tile<2xi32> -> tile<2xf32>
  %t5 = store_view_tko relaxed sys %zf, %sv[%c1] : tile<2xf32>, strided_view<tile=(2), traversal_strides=[4], tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
  return
}
