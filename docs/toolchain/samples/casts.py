"""Casts: f32->i32 (ftoi), i32->f32 (itof), i32->i8 (trunci), i8->i32 (exti), f32->f16 and
f16->f32 (ftof), u32->f32, bitcast f32<->i32, bool->i32."""
import cuda.tile as ct
from _sig import array, const, signature


@ct.kernel
def casts(x, xi, outf, outi, outh, outb, TILE: ct.Constant[int]):
    blk = ct.bid(0)
    f = ct.load(x, index=(blk,), shape=(TILE,))
    i = ct.load(xi, index=(blk,), shape=(TILE,))
    fi = ct.astype(f, ct.int32)
    i_f = ct.astype(i, ct.float32)
    i8 = ct.astype(i, ct.int8)
    back = ct.astype(i8, ct.int32)
    h = ct.astype(f, ct.float16)
    hf = ct.astype(h, ct.float32)
    u = ct.astype(i, ct.uint32)
    uf = ct.astype(u, ct.float32)
    bits = ct.bitcast(f, ct.int32)
    fb = ct.bitcast(i, ct.float32)
    bo = ct.astype(f > 0.0, ct.int32)
    ct.store(outf, index=(blk,), tile=i_f + hf + uf + fb)
    ct.store(outi, index=(blk,), tile=fi + back + bits + bo)
    ct.store(outh, index=(blk,), tile=h)
    ct.store(outb, index=(blk,), tile=i8)


KERNEL = casts
SIGNATURE = signature(array(ct.float32, 1), array(ct.int32, 1), array(ct.float32, 1),
                      array(ct.int32, 1), array(ct.float16, 1), array(ct.int8, 1), const(128))
