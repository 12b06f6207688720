entry @spin_lock_accum(%lock: tile<ptr<i32>>, %data: tile<ptr<i32>>, %acc: tile<ptr<i32>>) {
  %tok = make_token : token
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
  %tok_loop = loop iter_values(%tok_0 = %tok) : token -> token {
    %old, %t_cas = atomic_cas_tko acquire device %lock, %c0, %c1 token=%tok_0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %old, %c0, signed : tile<i32> -> tile<i1>
    %tok_if = if %got -> (token) {
      break %t_cas : token
    } else {
      yield %t_cas : token
    }
    continue %tok_if : token
  }
  %x, %t_x = load_ptr_tko weak %pdata token=%tok_loop : tile<64xptr<i32>> -> tile<64xi32>, token
  %a, %t_a = load_ptr_tko weak %pacc token=%tok_loop : tile<64xptr<i32>> -> tile<64xi32>, token
  %t_a_join = join_tokens %t_a, %t_x : token
  %s = addi %a, %x : tile<64xi32>
  %t_s = store_ptr_tko weak %pacc, %s token=%t_a_join : tile<64xptr<i32>>, tile<64xi32> -> token
  %prev, %t_rel = atomic_rmw_tko release device %lock, xchg, %c0 token=%t_s : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
