"""The egglog boundary (eqsat.egraph.egg): the only code importing egglog, every private
egglog name it uses named in its docstring, and its one-call shortcuts equal to the
public calls they stand for."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from eqsat.egraph import egg
from eqsat.egraph import terms as T
from eqsat.egraph.builder import TermBuilder
from eqsat.egraph.tables import serialize

ROOT = Path(__file__).resolve().parent.parent
BOUNDARY = ROOT / "eqsat" / "egraph" / "egg"


def _imports_egglog(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import) and any(
                a.name == "egglog" or a.name.startswith("egglog.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and (
                node.module == "egglog" or node.module.startswith("egglog.")):
            return True
    return False


def test_only_the_boundary_imports_egglog():
    outside = [str(p.relative_to(ROOT)) for d in ("eqsat", "rules", "lowering")
               for p in sorted((ROOT / d).rglob("*.py"))
               if BOUNDARY not in p.parents and _imports_egglog(p)]
    assert outside == []
    assert _imports_egglog(BOUNDARY / "engine.py")        # the scan sees an import


def test_every_private_egglog_name_used_is_named_in_the_docstring():
    doc = egg.__doc__ or ""
    used: set[str] = set()
    for path in sorted(BOUNDARY.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and re.fullmatch(r"_[a-z]\w*", node.attr):
                used.add(node.attr)
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "getattr" and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)
                    and str(node.args[1].value).startswith("_")):
                used.add(str(node.args[1].value))
    # the boundary's own private helpers are not egglog's
    own = {name for path in BOUNDARY.glob("*.py")
           for name in re.findall(r"^(?:def |class |)(_\w+)\b", path.read_text(), re.M)}
    egglog_private = used - own
    assert {"_egraph", "_state", "_add_decls", "_state_stack"} <= egglog_private
    missing = sorted(n for n in egglog_private if f".{n}" not in doc)
    assert missing == []


def _kernel_into(eg: egg.EGraph, i: int) -> None:
    mk = TermBuilder(eg, {"Param": T.Param}, T.Term, T.Named)
    mk.union(mk.let(f"p{i}", mk.Param(i, "tile<i32>")), mk.Param(i + 100, "tile<i32>"))
    mk.flush()


def test_pop_push_in_one_call_leaves_what_pop_then_push_leave():
    def lend(one_call: bool) -> list[str]:
        eg = egg.EGraph()
        _kernel_into(eg, 0)
        eg.push()
        seen = []
        for i in (1, 2, 3):
            _kernel_into(eg, i)
            seen.append(str(sorted(egg.function_sizes(eg).items())))
            if one_call:
                egg.PopPush(eg)()
            else:
                eg.pop()
                eg.push()
        seen.append(str(sorted(serialize(eg)["nodes"])))
        egg.release(eg)
        return seen

    assert lend(True) == lend(False)


def test_a_registered_schedule_runs_as_egraph_run_does():
    import eqsat.rules as rules
    schedule = rules.rule_graph([rules.get("algebra")]).schedule

    def sizes(registered: bool) -> tuple[dict[str, int], dict[str, int]]:
        eg = egg.EGraph()
        mk = TermBuilder(eg, {"Param": T.Param, "Op2": T.Op2}, T.Term, T.Named)
        a, b = mk.let("a", mk.Param(0, "tile<i32>")), mk.let("b", mk.Param(1, "tile<i32>"))
        mk.let("s", mk.Op2("addi", T.NO_ATTRS, "tile<i32>", a, b))     # commutes
        mk.flush()
        if registered:
            report, got = egg.run_registered(eg, egg.register_schedule(eg, schedule))
        else:
            report = eg.run(schedule)
            got = egg.function_sizes(eg)
        matches = egg.rule_matches(report)
        egg.release(eg)
        return {k: n for k, n in got.items() if n}, matches    # tables declared may differ

    got = sizes(True)
    assert got == sizes(False)
    assert sum(got[1].values()) > 0                  # some rule matched
