entry @ctrl_forms(%a: tile<ptr<f32>>, %n: tile<i32>, %o: tile<ptr<f32>>, %lock: tile<ptr<i32>>) {
  %tok = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c2 = constant <i32: 2> : tile<i32>
  %zf = constant <f32: 0.000000e+00> : tile<f32>
  %i = iota : tile<8xi32>
  %ra = reshape %a : tile<ptr<f32>> -> tile<1xptr<f32>>
  %ba = broadcast %ra : tile<1xptr<f32>> -> tile<8xptr<f32>>
  %pa = offset %ba, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
  %x, %t1 = load_ptr_tko weak %pa token=%tok : tile<8xptr<f32>> -> tile<8xf32>, token
  %tv = make_tensor_view %a, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
  %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
  %xv, %tv1 = load_view_tko weak %pv[%c0] token = %tok : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
  %for:2 = for %k in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zf, %tk = %t1) -> (tile<f32>, token) {
    %kf = itof %k signed  : tile<i32> -> tile<f32>
    %odd = remi %k, %c2 signed : tile<i32>
    %isodd = cmpi equal %odd, %c1, signed : tile<i32> -> tile<i1>
    if %isodd {
      %a2 = addf %acc, %kf  : tile<f32>
      continue %a2, %tk : tile<f32>, token
    } else {
    }
    %a3 = subf %acc, %kf  : tile<f32>
    continue %a3, %tk : tile<f32>, token
  }
  %u = for unsigned %j in (%c0 to %c2, step %c1) : tile<i32> iter_values(%v = %c0) -> (tile<i32>) {
    %v2 = addi %v, %j : tile<i32>
    continue %v2 : tile<i32>
  }
  %w:2 = loop iter_values(%s = %c0, %cnt = %c0) : tile<i32>, tile<i32> -> tile<i32>, tile<i32> {
    %lt = cmpi less_than %cnt, %n, signed : tile<i32> -> tile<i1>
    if %lt {
    } else {
      break %s, %cnt : tile<i32>, tile<i32>
    }
    %s2 = addi %s, %cnt : tile<i32>
    %cnt2 = addi %cnt, %c1 : tile<i32>
    continue %s2, %cnt2 : tile<i32>, tile<i32>
  }
  %lt0 = cmpi greater_than %w#0, %u, signed : tile<i32> -> tile<i1>
  %r = if %lt0 -> (tile<f32>) {
    %e = itof %w#0 signed  : tile<i32> -> tile<f32>
    yield %e : tile<f32>
  } else {
    yield %for#0 : tile<f32>
  }
  %lp = loop iter_values(%lt1 = %for#1) : token -> token {
    %old, %lt2 = atomic_cas_tko acquire device %lock, %c0, %c1 token=%lt1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %old, %c0, signed : tile<i32> -> tile<i1>
    if %got {
      break %lt2 : token
    } else {
    }
    continue %lt2 : token
  }
  %x2 = reshape %x : tile<8xf32> -> tile<2x4xf32>
  %red = reduce %x2 dim=1 identities=[0xFF800000 : f32] : tile<2x4xf32> -> tile<2xf32> 
  (%rl: tile<f32>, %rr: tile<f32>) {
    %m = maxf %rl, %rr : tile<f32>
    yield %m : tile<f32>
  }
  %idx = reshape %i : tile<8xi32> -> tile<2x4xi32>
  %am:2 = reduce %x2, %idx dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<2x4xf32>, tile<2x4xi32> -> tile<2xf32>, tile<2xi32> 
  (%l0: tile<f32>, %r0: tile<f32>, %l1: tile<i32>, %r1: tile<i32>) {
    %gt = cmpf greater_than ordered %r0, %l0 : tile<f32> -> tile<i1>
    %mv = select %gt, %r0, %l0 : tile<i1>, tile<f32>
    %mi = select %gt, %r1, %l1 : tile<i1>, tile<i32>
    yield %mv, %mi : tile<f32>, tile<i32>
  }
  %sc = scan %x dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32> 
  (%s1: tile<f32>, %s2: tile<f32>) {
    %ss = addf %s1, %s2  : tile<f32>
    yield %ss : tile<f32>
  }
  %scr = scan %i dim=0 reverse=true identities=[0 : i32] : tile<8xi32> -> tile<8xi32> 
  (%q1: tile<i32>, %q2: tile<i32>) {
    %qq = addi %q1, %q2 : tile<i32>
    yield %qq : tile<i32>
  }
  %pt = permute %x2 [1, 0] : tile<2x4xf32> -> tile<4x2xf32>
  %ex = extract %x2[%c0, %c1] : tile<2x4xf32> -> tile<2x2xf32>
  %ct = cat %ex, %ex dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
  %h = ftof %pt  : tile<4x2xf32> -> tile<4x2xf16>
  %h2 = ftof %ex  : tile<2x2xf32> -> tile<2x2xf16>
  %zacc = constant <f32: 0.000000e+00> : tile<2x2xf32>
  %hh = ftof %x2  : tile<2x4xf32> -> tile<2x4xf16>
  %mm = mmaf %hh, %h, %zacc : tile<2x4xf16>, tile<4x2xf16>, tile<2x2xf32>
  %ok = cmpi greater_than_or_equal %n, %c0, signed : tile<i32> -> tile<i1>
  assert %ok, "n must not be negative" : tile<i1>
  %pr = print_tko "n=%d\0A", %n token=%lp : tile<i32> -> token
  %sum1 = addf %ct, %x2  : tile<2x4xf32>
  %sc2 = reshape %sc : tile<8xf32> -> tile<2x4xf32>
  %sum2 = addf %sum1, %sc2  : tile<2x4xf32>
  %scr2 = reshape %scr : tile<8xi32> -> tile<2x4xi32>
  %scf = itof %scr2 signed  : tile<2x4xi32> -> tile<2x4xf32>
  %sum3 = addf %sum2, %scf  : tile<2x4xf32>
  %mmr = cat %mm, %mm dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
  %sum4 = addf %sum3, %mmr  : tile<2x4xf32>
  %rr2 = reshape %red : tile<2xf32> -> tile<2x1xf32>
  %rb = broadcast %rr2 : tile<2x1xf32> -> tile<2x4xf32>
  %sum5 = addf %sum4, %rb  : tile<2x4xf32>
  %ai = reshape %am#1 : tile<2xi32> -> tile<2x1xi32>
  %aib = broadcast %ai : tile<2x1xi32> -> tile<2x4xi32>
  %aif = itof %aib signed  : tile<2x4xi32> -> tile<2x4xf32>
  %sum6 = addf %sum5, %aif  : tile<2x4xf32>
  %rf = reshape %r : tile<f32> -> tile<1x1xf32>
  %rfb = broadcast %rf : tile<1x1xf32> -> tile<2x4xf32>
  %sum7 = addf %sum6, %rfb  : tile<2x4xf32>
  %out0 = reshape %sum7 : tile<2x4xf32> -> tile<8xf32>
  %out = addf %out0, %xv  : tile<8xf32>
  %ro = reshape %o : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bo = broadcast %ro : tile<1xptr<f32>> -> tile<8xptr<f32>>
  %po = offset %bo, %i : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
  %jt = join_tokens %pr, %lp, %tv1 : token
  %st = store_ptr_tko weak %po, %out token=%jt : tile<8xptr<f32>>, tile<8xf32> -> token
  %rel, %relt = atomic_rmw_tko release device %lock, xchg, %c0 token=%st : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
