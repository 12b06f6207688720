"""Capture cuTile's own IR just before its token-ordering pass, plus the dataflow facts
(alias sets, divisibility, constants) that the pass consumes.

Usage: python capture_pre_token_ir.py KERNEL_FILE.py   (file defines KERNEL and SIGNATURE)
Works by wrapping cuda.tile._compile.token_order_pass (looked up by name at call time
inside cuda.tile._compile._transform_ir)."""
import importlib.util, os, sys, tempfile
import cuda.tile._compile as _compile
from cuda.tile.compilation import export_kernel

captured = []
_orig = _compile.token_order_pass


def _spy(func_body, dataflow_result):
    captured.append((func_body.to_string(include_loc=False), dict(dataflow_result.predicates)))
    return _orig(func_body, dataflow_result)


_compile.token_order_pass = _spy

src = os.path.abspath(sys.argv[1])
sys.path.insert(0, os.path.dirname(src))
spec = importlib.util.spec_from_file_location("k", src)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
with tempfile.TemporaryDirectory() as d:
    export_kernel(mod.KERNEL, [mod.SIGNATURE], os.path.join(d, "k.bc"), gpu_code="sm_90",
                  output_format="tileir_bytecode", bytecode_version="13.3")
for text, preds in captured:
    print(text)
    print("# dataflow predicates (var -> DataPredicate) for non-trivial vars:")
    for name, p in preds.items():
        if p.alias_set != -1 or p.div_by != 1 or p.const_value is not None:
            print(f"#   {name}: alias_set={p.alias_set} div_by={p.div_by} "
                  f"may_alias_internally={p.may_alias_internally} const={p.const_value}")
