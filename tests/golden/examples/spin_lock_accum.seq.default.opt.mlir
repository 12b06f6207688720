entry @spin_lock_accum(%lock: tile<ptr<i32>>, %data: tile<ptr<i32>>, %acc: tile<ptr<i32>>) {
  %tok = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %0 = loop iter_values(%tok_0 = %tok) : token -> token {
    %10, %11 = atomic_cas_tko acquire device %lock, %c0, %c1 token=%tok_0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %10, %c0, signed : tile<i32> -> tile<i1>
    %12 = if %got -> (token) {
      break %11 : token
    } else {
      yield %11 : token
    }
    continue %12 : token
  }
  %rdata = reshape %data : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bdata = broadcast %rdata : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %1, %2, %3 = get_tile_block_id : tile<i32>
  %c64 = constant <i32: 64> : tile<i32>
  %base = muli %1, %c64 : tile<i32>
  %rbase = reshape %base : tile<i32> -> tile<1xi32>
  %bbase = broadcast %rbase : tile<1xi32> -> tile<64xi32>
  %iota = iota : tile<64xi32>
  %idx = addi %bbase, %iota : tile<64xi32>
  %pdata = offset %bdata, %idx : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %4, %5 = load_ptr_tko weak %pdata token=%0 : tile<64xptr<i32>> -> tile<64xi32>, token
  %racc = reshape %acc : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bacc = broadcast %racc : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %pacc = offset %bacc, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %6, %7 = load_ptr_tko weak %pacc token=%0 : tile<64xptr<i32>> -> tile<64xi32>, token
  %t_a = join_tokens %7, %5 : token
  %s = addi %6, %4 : tile<64xi32>
  %t_s = store_ptr_tko weak %pacc, %s token=%t_a : tile<64xptr<i32>>, tile<64xi32> -> token
  %8, %9 = atomic_rmw_tko release device %lock, xchg, %c0 token=%t_s : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
