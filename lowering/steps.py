"""Ordered steps: a kernel as a sequence of load -> compute -> store steps.

Accelerator simulators in the style of PyTorchSim's step model take each loop body
as an ordered list of steps: transfers in, compute, transfers out. This module
lowers a kernel to that form:

- A `Step` runs its phases in order: `reads` (values from scratch buffers),
  `setup` (uniform index arithmetic), `loads`, `compute`, `stores`, then
  `writes` (values to scratch buffers). Each step is its own SSA and CSE scope:
  no value crosses steps except through a named scratch buffer, and identical ops
  inside a step are computed once.
- *Setup* values depend only on kernel parameters, constants, grid ids and loop
  indices and are not masks: addresses, views, index math. They are the transfer
  descriptors and are recomputed in every step that needs them. Masks (`i1`
  values) are compute, as is anything that depends on loaded data.
- A transfer whose address or mask is computed in the same pass is *indirect*:
  the compute that builds the address runs in a compute-only step, and the data
  it starts from is loaded in an earlier step, so an indirect access becomes
  index load -> offset build -> gather, bridged by scratch buffers.
- Memory keeps program order: a load never moves before an earlier store, and a
  store never before an earlier access (tokens are dropped; steps run in order).
- Control flow stays structured: `ForNode`, `LoopNode` and `IfNode` read their
  bounds, conditions and carried values from scratch buffers and hold nested
  step lists; `BreakNode`/`ContinueNode`/`ReturnNode` leave them.

`lower_to_steps` builds a `StepProgram`, `print_steps` prints it, `verify_steps`
checks the scoping rules, `step_metrics` counts steps and transfers, and
`eqsat.lowering.execute.run_steps` runs it on the IR interpreter's op semantics.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator

from eqsat.ir.core import Kernel, Operation, Param, Region, Value
from eqsat.ir.types import TileType, Type
from eqsat.ir.printer import Printer

from eqsat.lowering.irtools import LoweringError, clone_op, cse_key, is_token

LOAD_OPS = frozenset(("load_view_tko", "load_ptr_tko", "atomic_cas_tko", "atomic_rmw_tko"))
# an atomic reduction into a view gives only a token: it is a store (ordered as one)
STORE_OPS = frozenset(("store_view_tko", "store_ptr_tko", "atomic_red_view_tko", "print",
                       "print_tko"))
ATOMIC_OPS = frozenset(("atomic_cas_tko", "atomic_rmw_tko"))
TOKEN_OPS = frozenset(("make_token", "join_tokens"))
# operand groups of a transfer that say where it goes (the rest is data)
ADDRESS_GROUPS = ("view", "index", "ptr", "mask")


# -- the data structure -------------------------------------------------------------------
@dataclass(frozen=True)
class ScratchBuffer:
    """A named on-chip buffer holding one value between steps. `role` says what it
    bridges: value (a result used by a later step), carried (a loop-carried value),
    result (an `if`/`loop` result), index (a loop index), operand (a loop bound or
    branch condition that had no buffer yet)."""
    name: str
    type: Type
    role: str


@dataclass
class Read:
    """At step start, `value` (local to the step) takes the contents of `buffer`."""
    buffer: str
    value: Value


@dataclass
class Write:
    """At step end, `buffer` takes `value` (local to the step)."""
    buffer: str
    value: Value


@dataclass
class Step:
    index: int
    reads: list[Read] = field(default_factory=list)
    setup: list[Operation] = field(default_factory=list)
    loads: list[Operation] = field(default_factory=list)
    compute: list[Operation] = field(default_factory=list)
    stores: list[Operation] = field(default_factory=list)
    writes: list[Write] = field(default_factory=list)

    @property
    def transfers(self) -> int:
        """Transfers to and from global memory (scratch traffic not counted)."""
        return len(self.loads) + len(self.stores)

    @property
    def kind(self) -> str:
        """transfer (no compute), compute (no transfers), mixed, or move (neither:
        only scratch copies and setup)."""
        if self.transfers and self.compute:
            return "mixed"
        if self.transfers:
            return "transfer"
        if self.compute:
            return "compute"
        return "move"


@dataclass
class ForNode:
    """`for index in [lower, upper) by step`, reading the bounds from buffers once at
    entry; `carried` buffers hold the loop-carried values (and the results after)."""
    index: str
    lower: str
    upper: str
    step: str
    carried: list[str]
    body: list[Node]


@dataclass
class LoopNode:
    """`loop`: runs `body` until a BreakNode; `results` receive the break values."""
    carried: list[str]
    results: list[str]
    body: list[Node]


@dataclass
class IfNode:
    cond: str
    then: list[Node]
    orelse: list[Node]
    results: list[str]


@dataclass
class BreakNode:
    """Leave the innermost loop (its result buffers were written before)."""


@dataclass
class ContinueNode:
    """Start the next iteration of the innermost loop now (carried buffers written)."""


@dataclass
class ReturnNode:
    """End the tile block."""


Node = Step | ForNode | LoopNode | IfNode | BreakNode | ContinueNode | ReturnNode


@dataclass
class StepProgram:
    """A kernel as ordered steps. `params` are the source kernel's parameters
    (shared, never modified): every step may read them directly."""
    name: str
    params: list[Param]
    buffers: list[ScratchBuffer]
    body: list[Node]

    def steps(self) -> Iterator[Step]:
        """Every step, in program order."""
        yield from _walk_steps(self.body)

    def buffer(self, name: str) -> ScratchBuffer:
        for b in self.buffers:
            if b.name == name:
                return b
        raise KeyError(f"no scratch buffer {name}")

    def __str__(self) -> str:
        return print_steps(self)


def _walk_steps(nodes: list[Node]) -> Iterator[Step]:
    for n in nodes:
        if isinstance(n, Step):
            yield n
        elif isinstance(n, (ForNode, LoopNode)):
            yield from _walk_steps(n.body)
        elif isinstance(n, IfNode):
            yield from _walk_steps(n.then)
            yield from _walk_steps(n.orelse)


# -- classification -----------------------------------------------------------------------
LOAD, COMPUTE, STORE = 0, 1, 2


def _phase(op: Operation) -> int | None:
    """Which phase an op runs in; None for token bookkeeping, which steps drop."""
    if op.name in TOKEN_OPS:
        return None
    if op.name in LOAD_OPS:
        return LOAD
    if op.name in STORE_OPS:
        return STORE
    sp = op.spec
    if sp is None or sp.effect != "pure":
        raise LoweringError(f"cannot lower op '{op.name}' to steps"
                            + (f" (line {op.loc[0]})" if op.loc else ""))
    return COMPUTE


def _is_mask(v: Value) -> bool:
    return isinstance(v.type, TileType) and v.type.elem == "i1"


class _Facts:
    """Whole-kernel facts: which values are setup (uniform, not masks) and which
    compute ops build an address or mask for a transfer."""

    def __init__(self, kernel: Kernel):
        self.setup: set[int] = {id(p.value) for p in kernel.params}
        self.ivs: set[int] = set()
        self.address: set[int] = set()
        self._classify(kernel.body)
        for op in kernel.walk():
            if op.name in LOAD_OPS or op.name in STORE_OPS:
                for g in ADDRESS_GROUPS:
                    if any(g == name for name, _ in op.spec.operands):
                        for v in op.group(g):
                            self._mark_address(v)

    def _classify(self, region: Region):
        for op in region.ops:
            sp = op.spec
            if sp is None:
                continue
            if sp.is_counted_loop:
                iv = op.regions[0].args[0]
                self.setup.add(id(iv))
                self.ivs.add(id(iv))
            if sp.is_loop or sp.is_branch:
                for r in op.regions:
                    self._classify(r)
                continue
            if (sp.effect == "pure" and op.results
                    and not any(is_token(r) or _is_mask(r) for r in op.results)
                    and all(id(v) in self.setup for v in op.operands)):
                self.setup.update(id(r) for r in op.results)

    def _mark_address(self, v: Value):
        """Mark the compute ops `v` is built from (back to loads, setup values and
        region arguments) as address-building."""
        stack = [v]
        while stack:
            v = stack.pop()
            op = v.owner
            if id(v) in self.setup or is_token(v) or not isinstance(op, Operation):
                continue
            if op.name in LOAD_OPS or op.spec.is_loop or op.spec.is_branch \
                    or id(op) in self.address:
                continue
            self.address.add(id(op))
            stack.extend(op.operands)


# -- building one step --------------------------------------------------------------------
class _StepBuilder:
    """A step under construction: its local scope (original value -> local value)
    and its CSE table."""

    def __init__(self, owner: _Lowerer):
        self.owner = owner
        self.step = Step(-1)
        self.local: dict[int, Value] = {}
        self.cse: dict[object, Operation] = {}
        self.read_of: dict[str, Value] = {}
        self.writes: dict[str, int] = {}          # buffer -> id(local value) written
        self.has_address = False

    # values ------------------------------------------------------------------------------
    def value(self, v: Value) -> Value:
        """The step-local value for original value `v`, bringing it in as needed:
        parameters directly, setup values recomputed, anything else read from its
        scratch buffer."""
        got = self.local.get(id(v))
        if got is not None:
            return got
        lw = self.owner
        if id(v) in lw.params:
            return v
        if id(v) in lw.facts.setup and id(v) not in lw.facts.ivs:
            op = v.owner
            self.emit(op, self.step.setup)
            return self.local[id(v)]
        buf = lw.home_of(v)
        got = self.read(buf, v)
        self.local[id(v)] = got
        return got

    def read(self, buf: str, like: Value) -> Value:
        got = self.read_of.get(buf)
        if got is None:
            got = Value(like.type, like.name)
            self.step.reads.append(Read(buf, got))
            self.read_of[buf] = got
        return got

    def emit(self, op: Operation, into: list[Operation]) -> Operation:
        """Copy `op` into this step (phase list `into`), merging it with an identical
        op already here (pure ops only)."""
        tok = op.token_in
        if any(is_token(v) and v is not tok for v in op.operands):
            raise LoweringError(f"'{op.name}' takes a token where steps have none")
        c = clone_op(op, list(op.operands), drop_token=tok is not None)
        c.operands = [self.value(v) for v in op.operands if v is not tok]
        key = cse_key(c)
        if key is not None and key in self.cse:
            c = self.cse[key]
        else:
            if key is not None:
                self.cse[key] = c
            into.append(c)
        for o, n in zip(op.results, c.results):
            self.local[id(o)] = n
        return c

    def write(self, buf: str, v: Value) -> None:
        lv = self.value(v)
        if buf in self.writes:
            if self.writes[buf] != id(lv):
                raise AssertionError(f"two values for scratch buffer {buf}")
            return
        self.writes[buf] = id(lv)
        self.step.writes.append(Write(buf, lv))

    def accepts(self, transfer: bool, address: bool) -> bool:
        """Address-building compute and transfers never share a step."""
        if address:
            return not (self.step.loads or self.step.stores)
        if transfer:
            return not self.has_address
        return True


class _Run:
    """Steps of one straight-line stretch of a region (between control ops)."""

    def __init__(self):
        self.steps: list[_StepBuilder] = []
        self.pos: dict[int, tuple[int, int]] = {}    # id(orig value) -> (step, phase)
        self.last_store = -1
        self.last_atomic = -1
        self.last_mem = -1


@dataclass
class _LoopCtx:
    carried: list[str | None]          # per iter arg (None for tokens)
    results: list[str | None]          # per result (break values)


class _Lowerer:
    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.params = {id(p.value) for p in kernel.params}
        self.facts = _Facts(kernel)
        self.buffers: dict[str, ScratchBuffer] = {}
        self._suffix: dict[str, int] = {}        # hint -> first suffix not yet tried
        self._last_use: dict[int, dict[int, int]] = {}   # id(region) -> id(value) -> index
        self.home: dict[int, str] = {}
        self.producer: dict[int, _StepBuilder] = {}
        self.loops: list[_LoopCtx] = []

    # buffers -----------------------------------------------------------------------------
    def new_buffer(self, v: Value, role: str) -> str:
        """A fresh buffer for `v`, named after it (or after the op making it)."""
        hint = v.name if v.name and not v.name.isdigit() else \
            v.owner.name if isinstance(v.owner, Operation) else role
        k = self._suffix.get(hint, 0)           # buffers are never removed: earlier
        name = "$" + hint if k == 0 else f"${hint}_{k}"     # suffixes stay taken
        while name in self.buffers:
            k += 1
            name = f"${hint}_{k}"
        self._suffix[hint] = k
        self.buffers[name] = ScratchBuffer(name, v.type, role)
        return name

    def home_of(self, v: Value) -> str:
        """The buffer that holds `v` between steps; a value computed by a step gets one
        the first time another step needs it, and that step writes it."""
        got = self.home.get(id(v))
        if got is not None:
            return got
        sb = self.producer.get(id(v))
        if sb is None:
            raise LoweringError(f"value %{v.name} is used where no step or buffer provides it")
        lv = sb.local[id(v)]
        for buf, lid in sb.writes.items():      # CSE merged it with a value already saved
            if lid == id(lv) and self.buffers[buf].role == "value":
                self.home[id(v)] = buf
                return buf
        buf = self.new_buffer(v, "value")
        self.home[id(v)] = buf
        sb.write(buf, v)
        return buf

    def operand_buffer(self, v: Value, pairs: list, role: str) -> str:
        """A buffer a control node can read `v` from."""
        if id(v) in self.home or (id(v) in self.producer and id(v) not in self.facts.setup):
            return self.home_of(v)
        buf = self.new_buffer(v, role)
        pairs.append((buf, v))
        return buf

    # steps -------------------------------------------------------------------------------
    def new_step(self, run: _Run) -> _StepBuilder:
        sb = _StepBuilder(self)
        run.steps.append(sb)
        return sb

    def place(self, op: Operation, run: _Run, phase: int) -> None:
        """Put `op` in the earliest step of the run its operands and memory order allow."""
        lo = 0
        for v in op.operands:
            p = run.pos.get(id(v))
            if p is None or is_token(v):
                continue
            s, pp = p
            same = pp < phase or (pp == phase == COMPUTE)
            lo = max(lo, s if same else s + 1)
        if op.name in ATOMIC_OPS:
            lo = max(lo, run.last_mem, run.last_store + 1)
        elif phase == LOAD:
            lo = max(lo, run.last_store + 1, run.last_atomic)
        elif phase == STORE:
            lo = max(lo, run.last_mem)
        address = phase == COMPUTE and id(op) in self.facts.address
        transfer = phase != COMPUTE
        while lo < len(run.steps) and not run.steps[lo].accepts(transfer, address):
            lo += 1
        sb = run.steps[lo] if lo < len(run.steps) else self.new_step(run)
        into = (sb.step.loads, sb.step.compute, sb.step.stores)[phase]
        sb.emit(op, into)
        if address:
            sb.has_address = True
        for r in op.results:
            run.pos[id(r)] = (lo, phase)
            self.producer[id(r)] = sb
        if phase != COMPUTE:
            run.last_mem = max(run.last_mem, lo)
        if phase == STORE:
            run.last_store = max(run.last_store, lo)
        if op.name in ATOMIC_OPS:
            run.last_atomic = max(run.last_atomic, lo)

    def handoff(self, run: _Run, pairs: list[tuple[str, Value]]) -> None:
        """After the run, buffer b must hold value v, for each (b, v)."""
        pairs = [(b, v) for b, v in pairs if self.home.get(id(v)) != b]
        if not pairs:
            return
        sb = run.steps[-1] if run.steps else self.new_step(run)
        for b, v in pairs:
            sb.write(b, v)

    # regions -----------------------------------------------------------------------------
    def region(self, region: Region, kind: str, ctx=None) -> list[Node]:
        """Nodes for a region. kind: entry, body (loop body) or branch (with `ctx` the
        if's result buffers)."""
        nodes: list[Node] = []
        run = _Run()

        def flush():
            nonlocal run
            nodes.extend(sb.step for sb in run.steps)
            run = _Run()
        for i, op in enumerate(region.ops):
            if op.spec is not None and op.spec.is_terminator:
                self.terminator(op, run, kind, ctx, nodes, flush)
                return nodes
            sp = op.spec
            if sp is not None and (sp.is_loop or sp.is_branch):
                pairs: list = []
                if sp.is_branch:
                    into = self._in_place(region, i, kind)
                    node, build_body = self.node_if(op, pairs, into)
                elif sp.is_counted_loop:
                    node, build_body = self.node_for(op, pairs)
                else:
                    node, build_body = self.node_loop(op, pairs)
                self.handoff(run, pairs)        # bounds, conditions and initial values
                flush()
                build_body()                    # after the steps that feed the node
                nodes.append(node)
                continue
            phase = _phase(op)
            if phase is None:
                continue
            if phase == COMPUTE and all(id(r) in self.facts.setup for r in op.results):
                continue                      # recomputed where needed
            self.place(op, run, phase)
        implicit = Operation({"branch": "yield", "body": "continue", "entry": "return"}[kind])
        self.terminator(implicit, run, kind, ctx, nodes, flush)
        return nodes

    def terminator(self, op: Operation, run: _Run, kind: str, ctx, nodes, flush) -> None:
        vals = list(op.operands)
        sp = op.spec
        wanted = ctx if sp.has("yield") else (
            self.loops[-1].carried if sp.has("continue") and self.loops else
            self.loops[-1].results if sp.has("break") and self.loops else [])
        if len(vals) != len(wanted or []):
            raise LoweringError(f"'{op.name}' passes {len(vals)} values where "
                                f"{len(wanted or [])} are expected")
        if sp.has("yield"):
            if kind != "branch":
                raise LoweringError("'yield' outside an 'if' cannot be lowered to steps")
            self.handoff(run, [(b, v) for b, v in zip(ctx, vals) if b is not None])
            flush()
            return
        if sp.has("return"):
            flush()
            if kind != "entry":
                nodes.append(ReturnNode())
            return
        if not self.loops:
            raise LoweringError(f"'{op.name}' outside a loop")
        loop = self.loops[-1]
        targets = loop.carried if sp.has("continue") else loop.results
        self.handoff(run, [(b, v) for b, v in zip(targets, vals) if b is not None])
        flush()
        if sp.has("break"):
            nodes.append(BreakNode())
        elif kind != "body":
            nodes.append(ContinueNode())

    def node_for(self, op: Operation, pairs: list):
        body = op.regions[0]
        lb, ub, st = (self.operand_buffer(op.required(g), pairs, "operand")
                      for g in ("lb", "ub", "step"))
        iv = body.args[0]
        index = self.new_buffer(iv, "index")
        self.home[id(iv)] = index
        carried = self._carried(body.args[1:], op.group("init"), op.results, pairs)
        node = ForNode(index, lb, ub, st, [c for c in carried if c is not None], [])

        def build():
            self.loops.append(_LoopCtx(carried, carried))
            node.body = self.region(body, "body")
            self.loops.pop()
        return node, build

    def node_loop(self, op: Operation, pairs: list):
        body = op.regions[0]
        carried = self._carried(body.args, op.group("init"), [], pairs)
        results = self._results(op.results)
        node = LoopNode([c for c in carried if c is not None],
                        [r for r in results if r is not None], [])

        def build():
            self.loops.append(_LoopCtx(carried, results))
            node.body = self.region(body, "body")
            self.loops.pop()
        return node, build

    def _in_place(self, region: Region, i: int, kind: str) -> dict[int, str]:
        """Results of the `if` at region.ops[i] that may live in a carried buffer of the
        enclosing loop: the result is the loop's next value at position k and nothing
        after the `if` reads the old value, so the branches update it in place."""
        if kind != "body" or not self.loops:
            return {}
        term = region.ops[-1]
        if term.spec is None or not term.spec.has("continue"):
            return {}
        last = self._last_use.get(id(region))
        if last is None:                        # where each value is last read in the region
            last = self._last_use[id(region)] = {}
            for j, top in enumerate(region.ops):
                for o in top.walk():
                    for v in o.operands:
                        last[id(v)] = j
        iter_args = region.args[1:] if isinstance(region.parent, Operation) and \
            region.parent.spec.is_counted_loop else region.args
        op = region.ops[i]
        out: dict[int, str] = {}
        for k, (nxt, arg) in enumerate(zip(term.operands, iter_args)):
            buf = self.loops[-1].carried[k]
            if buf is None or last.get(id(arg), -1) > i or nxt.owner is not op:
                continue
            if sum(1 for v in term.operands if v is nxt) != 1:
                continue
            out[nxt.index] = buf
        return out

    def node_if(self, op: Operation, pairs: list, into: dict[int, str]):
        cond = self.operand_buffer(op.operands[0], pairs, "operand")
        results = self._results(op.results, into)
        node = IfNode(cond, [], [], [r for r in results if r is not None])

        def build():
            node.then = self.region(op.regions[0], "branch", results)
            node.orelse = self.region(op.regions[1], "branch", results) if len(op.regions) > 1 \
                else []
        return node, build

    def _carried(self, args, inits, results, pairs) -> list[str | None]:
        out: list[str | None] = []
        for i, (a, init) in enumerate(zip(args, inits)):
            if is_token(a):
                out.append(None)
                continue
            buf = self.new_buffer(a, "carried")
            self.home[id(a)] = buf
            if i < len(results):
                self.home[id(results[i])] = buf
            pairs.append((buf, init))
            out.append(buf)
        return out

    def _results(self, results, into: dict[int, str] | None = None) -> list[str | None]:
        out: list[str | None] = []
        for r in results:
            if is_token(r):
                out.append(None)
                continue
            buf = (into or {}).get(r.index) or self.new_buffer(r, "result")
            self.home[id(r)] = buf
            out.append(buf)
        return out


def lower_to_steps(kernel: Kernel) -> StepProgram:
    """The kernel as ordered steps (see the module doc). Raises LoweringError naming
    an op the step model cannot express."""
    lw = _Lowerer(kernel)
    body = lw.region(kernel.body, "entry")
    prog = StepProgram(kernel.name, list(kernel.params), list(lw.buffers.values()), body)
    for i, s in enumerate(prog.steps()):
        s.index = i
    return prog


# -- checking -----------------------------------------------------------------------------
def verify_steps(prog: StepProgram) -> list[str]:
    """Problems with the scoping rules (empty if none): a step reads a value it did not
    read from a buffer, recompute, load or compute itself; a load depends on a load
    or compute of its own step; setup that is not pure; a transfer in the wrong
    phase; an unknown buffer."""
    errs: list[str] = []
    names = {b.name for b in prog.buffers}
    params = {id(p.value) for p in prog.params}

    def check_buf(where: str, b: str):
        if b not in names:
            errs.append(f"{where}: unknown scratch buffer {b}")

    def nodes(ns: list[Node], where: str):
        for n in ns:
            if isinstance(n, Step):
                step(n)
            elif isinstance(n, ForNode):
                for b in [n.index, n.lower, n.upper, n.step] + n.carried:
                    check_buf(where + "/for", b)
                nodes(n.body, where + "/for")
            elif isinstance(n, LoopNode):
                for b in n.carried + n.results:
                    check_buf(where + "/loop", b)
                nodes(n.body, where + "/loop")
            elif isinstance(n, IfNode):
                for b in [n.cond] + n.results:
                    check_buf(where + "/if", b)
                nodes(n.then, where + "/if")
                nodes(n.orelse, where + "/else")

    def step(s: Step):
        where = f"step {s.index}"
        ok: set[int] = set()
        for r in s.reads:
            check_buf(where, r.buffer)
            ok.add(id(r.value))
        early = set(ok)                      # what a load may take: reads and setup
        for phase, ops in (("setup", s.setup), ("load", s.loads), ("compute", s.compute),
                           ("store", s.stores)):
            for op in ops:
                for v in op.operands:
                    if id(v) in params:
                        continue
                    if id(v) not in ok:
                        errs.append(f"{where}: {phase} op '{op.name}' uses %{v.name}, which "
                                    f"is not in this step")
                    elif phase in ("setup", "load") and id(v) not in early:
                        errs.append(f"{where}: {phase} op '{op.name}' uses %{v.name}, "
                                    f"computed or loaded in the same step")
                if phase == "setup" and (op.spec is None or op.spec.effect != "pure"):
                    errs.append(f"{where}: setup op '{op.name}' is not pure")
                if phase == "load" and op.name not in LOAD_OPS:
                    errs.append(f"{where}: '{op.name}' in the load phase")
                if phase == "store" and op.name not in STORE_OPS:
                    errs.append(f"{where}: '{op.name}' in the store phase")
                if phase == "compute" and (op.name in LOAD_OPS or op.name in STORE_OPS):
                    errs.append(f"{where}: transfer '{op.name}' in the compute phase")
                if op.token_in is not None:
                    errs.append(f"{where}: '{op.name}' still takes a token")
                ok.update(id(r) for r in op.results)
                if phase == "setup":
                    early.update(id(r) for r in op.results)
        for w in s.writes:
            check_buf(where, w.buffer)
            if id(w.value) not in ok and id(w.value) not in params:
                errs.append(f"{where}: writes %{w.value.name} to {w.buffer}, but the value "
                            f"is not in this step")
    nodes(prog.body, "program")
    return errs


# -- metrics ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StepMetrics:
    steps: int
    transfers_per_step: tuple[int, ...]      # global loads + stores of each step, in order
    kinds: tuple[tuple[str, int], ...]       # (kind, count): transfer/compute/mixed/move
    scratch_buffers: int
    scratch_reads: int
    scratch_writes: int

    @property
    def transfers(self) -> int:
        return sum(self.transfers_per_step)

    def __str__(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in self.kinds)
        return (f"steps {self.steps} ({kinds}), transfers {self.transfers} "
                f"(per step {list(self.transfers_per_step)}), scratch buffers "
                f"{self.scratch_buffers} ({self.scratch_reads} reads, "
                f"{self.scratch_writes} writes)")


def step_metrics(prog: StepProgram) -> StepMetrics:
    steps = list(prog.steps())
    kinds: dict[str, int] = {}
    for s in steps:
        kinds[s.kind] = kinds.get(s.kind, 0) + 1
    return StepMetrics(len(steps), tuple(s.transfers for s in steps),
                       tuple(sorted(kinds.items())), len(prog.buffers),
                       sum(len(s.reads) for s in steps), sum(len(s.writes) for s in steps))


# -- text ---------------------------------------------------------------------------------
def print_steps(prog: StepProgram) -> str:
    """Readable text: scratch buffers, then steps and control nodes in order."""
    p = Printer()
    params = ", ".join(f"%{p.names.define(q.value)}: {q.type}" for q in prog.params)
    out = [f"steps @{prog.name}({params}) {{"]
    for b in prog.buffers:
        out.append(f"  scratch {b.name} : {b.type}  // {b.role}")
    _print_nodes(p, prog.body, 1, out)
    out.append("}")
    return "\n".join(out) + "\n"


def _print_nodes(p: Printer, nodes: list[Node], depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for n in nodes:
        if isinstance(n, Step):
            _print_step(p, n, depth, out)
        elif isinstance(n, ForNode):
            carry = f" carry({', '.join(n.carried)})" if n.carried else ""
            out.append(f"{pad}for {n.index} in ({n.lower} to {n.upper}, step {n.step})"
                       f"{carry} {{")
            _print_nodes(p, n.body, depth + 1, out)
            out.append(pad + "}")
        elif isinstance(n, LoopNode):
            carry = f" carry({', '.join(n.carried)})" if n.carried else ""
            res = f" -> ({', '.join(n.results)})" if n.results else ""
            out.append(f"{pad}loop{carry}{res} {{")
            _print_nodes(p, n.body, depth + 1, out)
            out.append(pad + "}")
        elif isinstance(n, IfNode):
            res = f" -> ({', '.join(n.results)})" if n.results else ""
            out.append(f"{pad}if {n.cond}{res} {{")
            _print_nodes(p, n.then, depth + 1, out)
            if n.orelse:
                out.append(pad + "} else {")
                _print_nodes(p, n.orelse, depth + 1, out)
            out.append(pad + "}")
        else:
            out.append(pad + {BreakNode: "break", ContinueNode: "continue",
                              ReturnNode: "return"}[type(n)])


def _print_step(p: Printer, s: Step, depth: int, out: list[str]) -> None:
    pad = "  " * depth
    out.append(f"{pad}step {s.index} [{s.kind}, {s.transfers} transfers] {{")
    p.names.push()
    for r in s.reads:
        out.append(f"{pad}  read %{p.names.define(r.value)} <- {r.buffer}")
    for label, ops in (("setup", s.setup), ("load", s.loads), ("compute", s.compute),
                       ("store", s.stores)):
        if not ops:
            continue
        out.append(f"{pad}  {label}:")
        p.lines = []
        for op in ops:
            p.op(op, depth + 2)
        out.extend(p.lines)
    for w in s.writes:
        out.append(f"{pad}  write {w.buffer} <- {p.r(w.value)}")
    p.names.pop()
    out.append(pad + "}")


__all__ = ["ScratchBuffer", "Read", "Write", "Step", "ForNode", "LoopNode", "IfNode",
           "BreakNode", "ContinueNode", "ReturnNode", "Node", "StepProgram", "StepMetrics",
           "lower_to_steps", "verify_steps", "step_metrics", "print_steps"]
