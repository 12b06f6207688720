entry @spin_lock_accum(%lock: tile<ptr<i32>>, %data: tile<ptr<i32>>, %acc: tile<ptr<i32>>) {
  %t0 = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %c64 = constant <i32: 64> : tile<i32>
  %bid, %bid_y, %bid_z = get_tile_block_id : tile<i32>
  %iota = iota : tile<64xi32>
  %base = muli %bid, %c64 : tile<i32>
  %rbase = reshape %base : tile<i32> -> tile<1xi32>
  %bbase = broadcast %rbase : tile<1xi32> -> tile<64xi32>
  %idx = addi %bbase, %iota : tile<64xi32>
  %rdata = reshape %data : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bdata = broadcast %rdata : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %pdata = offset %bdata, %idx : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %racc = reshape %acc : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bacc = broadcast %racc : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %pacc = offset %bacc, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %acq = loop iter_values(%tk = %t0) : token -> token {
    %old, %t_cas = atomic_cas_tko acquire device %lock, %c0, %c1 token=%tk : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %old, %c0, signed : tile<i32> -> tile<i1>
    if %got {
      break %t_cas : token
    } else {
    }
    continue %t_cas : token
  }
  %x, %t_x = load_ptr_tko weak %pdata token=%acq : tile<64xptr<i32>> -> tile<64xi32>, token
  %a, %t_a = load_ptr_tko weak %pacc token=%acq : tile<64xptr<i32>> -> tile<64xi32>, token
  %s = addi %a, %x : tile<64xi32>
  %t_s = store_ptr_tko weak %pacc, %s token=%t_a : tile<64xptr<i32>>, tile<64xi32> -> token
  %t_all = join_tokens %t_x, %t_s : token
  %prev, %t_rel = atomic_rmw_tko release device %lock, xchg, %c0 token=%t_all : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
