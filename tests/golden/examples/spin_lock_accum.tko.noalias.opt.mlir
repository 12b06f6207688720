entry @spin_lock_accum(%lock: tile<ptr<i32>>, %data: tile<ptr<i32>>, %acc: tile<ptr<i32>>) {
  %t0 = make_token : token
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %acq = loop iter_values(%tk = %t0) : token -> token {
    %9, %10 = atomic_cas_tko acquire device %lock, %c0, %c1 token=%tk : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %got = cmpi equal %9, %c0, signed : tile<i32> -> tile<i1>
    if %got {
      break %10 : token
    } else {
    }
    continue %10 : token
  }
  %racc = reshape %acc : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bacc = broadcast %racc : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %iota = iota : tile<64xi32>
  %pacc = offset %bacc, %iota : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %0, %1 = load_ptr_tko weak %pacc token=%acq : tile<64xptr<i32>> -> tile<64xi32>, token
  %rdata = reshape %data : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bdata = broadcast %rdata : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %2, %3, %4 = get_tile_block_id : tile<i32>
  %c64 = constant <i32: 64> : tile<i32>
  %base = muli %2, %c64 : tile<i32>
  %rbase = reshape %base : tile<i32> -> tile<1xi32>
  %bbase = broadcast %rbase : tile<1xi32> -> tile<64xi32>
  %idx = addi %bbase, %iota : tile<64xi32>
  %pdata = offset %bdata, %idx : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
  %5, %6 = load_ptr_tko weak %pdata token=%acq : tile<64xptr<i32>> -> tile<64xi32>, token
  %s = addi %0, %5 : tile<64xi32>
  %t_s = store_ptr_tko weak %pacc, %s token=%1 : tile<64xptr<i32>>, tile<64xi32> -> token
  %t_all = join_tokens %6, %t_s : token
  %7, %8 = atomic_rmw_tko release device %lock, xchg, %c0 token=%t_all : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
