entry @scale_rows(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>) {
  %tok = make_token : token
  %bid, %bidy, %bidz = get_tile_block_id : tile<i32>
  %four = constant <i32: 4> : tile<i32>
  %base = muli %bid, %four : tile<i32>
  %r = reshape %x : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bx = broadcast %r : tile<1xptr<i32>> -> tile<4xptr<i32>>
  %i = iota : tile<4xi32>
  %rb = reshape %base : tile<i32> -> tile<1xi32>
  %bb = broadcast %rb : tile<1xi32> -> tile<4xi32>
  %idx = addi %bb, %i : tile<4xi32>
  %px = offset %bx, %idx : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
  %v, %t = load_ptr_tko weak %px token=%tok : tile<4xptr<i32>> -> tile<4xi32>, token
  %four4 = constant <i32: 4> : tile<4xi32>
  %w = muli %v, %four4 : tile<4xi32>
  %ry = reshape %y : tile<ptr<i32>> -> tile<1xptr<i32>>
  %by = broadcast %ry : tile<1xptr<i32>> -> tile<4xptr<i32>>
  %py = offset %by, %idx : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
  %s = store_ptr_tko weak %py, %w token=%t : tile<4xptr<i32>>, tile<4xi32> -> token
  return
}
