"""CFG dataflow form: a kernel as basic blocks with arguments, `br` and `cond_br`.

Dataflow targets (CGRA mappers such as Neura) map each basic block onto hardware
and each block argument onto a merge (phi) node. `lower_to_cfg` produces the
*block-closed* form those mappers start from: every value a block reads is
defined in the block, is one of its arguments, or is a kernel parameter. Every
live-in therefore travels through block arguments; `eqsat.lowering.liveins` then lets
the safe ones be used directly, and `cfg_metrics` measures the difference.

Structured control flow lowers as in MLIR's scf-to-cf: a `for` becomes a header
block (induction variable and carried values as arguments, `cmpi less_than
signed` against the upper bound) whose latch adds the step; `loop` becomes a
header that is also the body entry; `if` becomes a `cond_br` to its regions and
a merge block whose arguments are the `if` results (a region that only yields
branches straight to the merge). Ops are copies of the kernel's ops, tokens
included, so each op means what it means in the IR.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Set as AbstractSet
from dataclasses import dataclass, field

from eqsat.ir.core import Kernel, Operation, Param, Region, Value
from eqsat.ir.types import TileType
from eqsat.ir.printer import Printer

from eqsat.lowering.irtools import LoweringError, clone_op


# -- the data structure -------------------------------------------------------------------
@dataclass
class Branch:
    """`br ^dest(args)`."""
    dest: str
    args: list[Value] = field(default_factory=list)


@dataclass
class CondBranch:
    """`cond_br %cond, ^true_dest(true_args), ^false_dest(false_args)`."""
    cond: Value
    true_dest: str
    true_args: list[Value]
    false_dest: str
    false_args: list[Value]


@dataclass
class Return:
    """`return`: the kernel ends (kernels return nothing)."""


Terminator = Branch | CondBranch | Return


@dataclass
class Block:
    """A basic block: arguments, straight-line ops (no `for`/`loop`/`if`) and a terminator."""
    name: str
    args: list[Value] = field(default_factory=list)
    ops: list[Operation] = field(default_factory=list)
    term: Terminator = field(default_factory=Return)

    def edges(self) -> list[tuple[str, list[Value]]]:
        """(successor, operands passed to its arguments) per outgoing edge."""
        t = self.term
        if isinstance(t, Branch):
            return [(t.dest, t.args)]
        if isinstance(t, CondBranch):
            return [(t.true_dest, t.true_args), (t.false_dest, t.false_args)]
        return []


@dataclass
class Cfg:
    """A kernel in CFG form. `params` are the source kernel's parameters (shared,
    never modified); the first block is the entry and takes no arguments."""
    name: str
    params: list[Param]
    blocks: list[Block]

    _where: dict[str, int] = field(default_factory=dict, init=False, repr=False,
                                   compare=False)

    def block(self, name: str) -> Block:
        """The block named `name` (blocks may be renamed or replaced at any time: the
        index is checked on every lookup and rebuilt when stale)."""
        i = self._where.get(name)
        if i is None or i >= len(self.blocks) or self.blocks[i].name != name:
            self._where = {}
            for k, b in enumerate(self.blocks):
                self._where.setdefault(b.name, k)
            i = self._where.get(name)
            if i is None:
                raise KeyError(f"no block ^{name}")
        return self.blocks[i]

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def __str__(self) -> str:
        return print_cfg(self)


# -- lowering -----------------------------------------------------------------------------
@dataclass
class _IfFrame:
    merge: Block


@dataclass
class _LoopFrame:
    header: Block
    exit: Block
    iv: Value | None = None          # `for` only: induction variable and step
    step: Value | None = None


class _Lowerer:
    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.vmap: dict[int, Value] = {id(p.value): p.value for p in kernel.params}
        self.order: list[Block] = []
        self.counter = 0
        self.frames: list[_IfFrame | _LoopFrame] = []

    def new_block(self, args=()) -> Block:
        self.counter += 1
        return Block(f"b{self.counter}", list(args))

    def place(self, b: Block) -> Block:
        self.order.append(b)
        return b

    def m(self, v: Value) -> Value:
        try:
            return self.vmap[id(v)]
        except KeyError:
            raise LoweringError(f"value %{v.name} is used where it is not defined") from None

    def bind(self, olds, news):
        for o, n in zip(olds, news):
            self.vmap[id(o)] = n

    # a region's ops into the current block; returns the block that is still open (None
    # if the region ended by leaving it: break/continue/return/yield all close it)
    def region(self, region: Region, cur: Block, kind: str) -> None:
        ops = list(region.ops)
        if not ops or not (ops[-1].spec and ops[-1].spec.is_terminator):
            ops.append(Operation({"if": "yield", "body": "continue",
                                  "entry": "return"}[kind]))
        for op in ops:
            if op.spec is None:
                raise LoweringError(f"cannot lower unknown op '{op.name}' to a CFG")
            if op.spec.is_terminator:
                self.terminator(op, cur)
                return
            if op.spec.is_counted_loop:
                cur = self.lower_for(op, cur)
            elif op.spec.is_loop:
                cur = self.lower_loop(op, cur)
            elif op.spec.is_branch:
                cur = self.lower_if(op, cur)
            else:
                c = clone_op(op, [self.m(v) for v in op.operands])
                self.bind(op.results, c.results)
                cur.ops.append(c)

    def terminator(self, op: Operation, cur: Block):
        vals = [self.m(v) for v in op.operands]
        if op.spec.has("return"):
            cur.term = Return()
            return
        if op.spec.has("yield"):
            frame = self.frames[-1] if self.frames else None
            if not isinstance(frame, _IfFrame):
                raise LoweringError("'yield' outside an 'if' region cannot be lowered to a CFG")
            cur.term = Branch(frame.merge.name, vals)
            return
        loop = next((f for f in reversed(self.frames) if isinstance(f, _LoopFrame)), None)
        if loop is None:
            raise LoweringError(f"'{op.name}' outside a loop")
        if op.spec.has("break"):
            cur.term = Branch(loop.exit.name, vals)
        elif loop.iv is not None:          # continue in a `for`: the latch steps the index
            nxt = Operation("addi", [loop.iv, loop.step], [loop.iv.type], result_names=[None])
            cur.ops.append(nxt)
            cur.term = Branch(loop.header.name, [nxt.result] + vals)
        else:
            cur.term = Branch(loop.header.name, vals)

    def lower_for(self, op: Operation, cur: Block) -> Block:
        lb, ub, step = (self.m(op.required(g)) for g in ("lb", "ub", "step"))
        inits = [self.m(v) for v in op.group("init")]
        body_r = op.regions[0]
        header = self.place(self.new_block())
        iv = Value(lb.type, body_r.args[0].name)
        header.args = [iv] + [Value(a.type, a.name) for a in body_r.args[1:]]
        cur.term = Branch(header.name, [lb] + inits)
        if not isinstance(iv.type, TileType) or iv.type.shape:
            raise LoweringError(f"'for' induction variable must be a scalar tile, not {iv.type}")
        cmp = Operation("cmpi", [iv, ub], [TileType((), "i1")],
                        {"predicate": "less_than", "signedness": "signed"}, result_names=[None])
        header.ops.append(cmp)
        body = self.place(self.new_block())
        exit_ = self.new_block([Value(r.type, r.name) for r in op.results])
        header.term = CondBranch(cmp.result, body.name, [], exit_.name, list(header.args[1:]))
        self.bind(body_r.args, header.args)
        self.frames.append(_LoopFrame(header, exit_, iv, step))
        self.region(body_r, body, "body")
        self.frames.pop()
        self.place(exit_)
        self.bind(op.results, exit_.args)
        return exit_

    def lower_loop(self, op: Operation, cur: Block) -> Block:
        body_r = op.regions[0]
        header = self.place(self.new_block([Value(a.type, a.name) for a in body_r.args]))
        cur.term = Branch(header.name, [self.m(v) for v in op.group("init")])
        exit_ = self.new_block([Value(r.type, r.name) for r in op.results])
        self.bind(body_r.args, header.args)
        self.frames.append(_LoopFrame(header, exit_))
        self.region(body_r, header, "body")
        self.frames.pop()
        self.place(exit_)
        self.bind(op.results, exit_.args)
        return exit_

    def lower_if(self, op: Operation, cur: Block) -> Block:
        cond = self.m(op.operands[0])
        merge = self.new_block([Value(r.type, r.name) for r in op.results])
        targets, pending = [], []
        for r in op.regions:
            only = r.ops[0] if len(r.ops) == 1 else None
            if not r.ops or (only is not None and only.spec.has("yield")):
                targets.append((merge.name, [self.m(v) for v in (only.operands if only else [])]))
            else:
                b = self.new_block()
                targets.append((b.name, []))
                pending.append((r, b))
        (td, ta), (fd, fa) = targets
        cur.term = CondBranch(cond, td, ta, fd, fa)
        self.frames.append(_IfFrame(merge))
        for r, b in pending:
            self.place(b)
            self.region(r, b, "if")
        self.frames.pop()
        self.place(merge)
        self.bind(op.results, merge.args)
        return merge


def lower_to_cfg(kernel: Kernel, *, closed: bool = True) -> Cfg:
    """The kernel as a CFG. `closed=True` (the default, what dataflow mappers take)
    passes every live-in through block arguments; `closed=False` keeps MLIR's
    direct cross-block uses. Raises LoweringError naming an op it cannot lower."""
    lw = _Lowerer(kernel)
    entry = lw.place(lw.new_block())
    lw.region(kernel.body, entry, "entry")
    cfg = Cfg(kernel.name, list(kernel.params), lw.order)
    _prune_unreachable(cfg)
    if closed:
        close_live_ins(cfg)
    _renumber(cfg)
    return cfg


def _prune_unreachable(cfg: Cfg) -> None:
    seen, stack = set(), [cfg.entry.name]
    by = {b.name: b for b in cfg.blocks}
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        stack.extend(d for d, _ in by[n].edges())
    cfg.blocks = [b for b in cfg.blocks if b.name in seen]


def _renumber(cfg: Cfg) -> None:
    """Names ^bb0, ^bb1, ... in block order."""
    ren = {b.name: f"bb{i}" for i, b in enumerate(cfg.blocks)}
    for b in cfg.blocks:
        b.name = ren[b.name]
        t = b.term
        if isinstance(t, Branch):
            t.dest = ren[t.dest]
        elif isinstance(t, CondBranch):
            t.true_dest, t.false_dest = ren[t.true_dest], ren[t.false_dest]


# -- analyses -----------------------------------------------------------------------------
def op_uses(op: Operation) -> list[Value]:
    """Values an op reads (its operands; combiner regions are closed)."""
    return list(op.operands)


def term_uses(t: Terminator) -> list[Value]:
    if isinstance(t, Branch):
        return list(t.args)
    if isinstance(t, CondBranch):
        return [t.cond] + list(t.true_args) + list(t.false_args)
    return []


def predecessors(cfg: Cfg) -> dict[str, list[tuple[str, int]]]:
    """Block -> incoming edges as (predecessor, edge number in its terminator)."""
    preds: dict[str, list[tuple[str, int]]] = {b.name: [] for b in cfg.blocks}
    for b in cfg.blocks:
        for i, (d, _) in enumerate(b.edges()):
            preds[d].append((b.name, i))
    return preds


class _Tree(Mapping[str, AbstractSet[str]]):
    """Block -> the blocks above it in a dominator tree (itself included), answered
    from the tree: a set per block would take space quadratic in the blocks."""

    def __init__(self, parent: dict[str, str | None], names: list[str]):
        self.parent, self.names = parent, names
        kids: dict[str, list[str]] = {n: [] for n in names}
        roots: list[str] = []
        for n in names:
            p = parent[n]
            (kids[p] if p is not None else roots).append(n)
        self.pre: dict[str, int] = {}
        self.post: dict[str, int] = {}
        clock = 0
        for r in roots:                      # pre/post numbers: an ancestor's span holds
            stack: list[tuple[str, bool]] = [(r, False)]
            while stack:
                n, done = stack.pop()
                clock += 1
                if done:
                    self.post[n] = clock
                    continue
                self.pre[n] = clock
                stack.append((n, True))
                stack.extend((k, False) for k in reversed(kids[n]))

    def above(self, a: str, b: str) -> bool:
        """Is `a` on the tree path from `b` to its root?"""
        return a in self.pre and b in self.pre and \
            self.pre[a] <= self.pre[b] and self.post[b] <= self.post[a]

    def __getitem__(self, n: str) -> AbstractSet[str]:
        if n not in self.parent:
            raise KeyError(n)
        return _Chain(self, n)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


class _Chain(AbstractSet[str]):
    def __init__(self, tree: _Tree, n: str):
        self.tree, self.n = tree, n

    def __contains__(self, a: object) -> bool:
        return isinstance(a, str) and self.tree.above(a, self.n)

    def __iter__(self) -> Iterator[str]:
        n: str | None = self.n
        while n is not None:
            yield n
            n = self.tree.parent[n]

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _idoms(root: str, succ: dict[str, list[str]]) -> dict[str, str]:
    """Immediate dominators of the nodes reachable from `root` (Cooper, Harvey and
    Kennedy's iteration over reverse postorder)."""
    order: list[str] = []
    seen = {root}
    stack = [(root, iter(succ[root]))]
    while stack:                             # postorder, iteratively
        n, it = stack[-1]
        for d in it:
            if d not in seen:
                seen.add(d)
                stack.append((d, iter(succ[d])))
                break
        else:
            stack.pop()
            order.append(n)
    order.reverse()
    rpo = {n: i for i, n in enumerate(order)}
    preds: dict[str, list[str]] = {n: [] for n in order}
    for n in order:
        for d in succ[n]:
            preds[d].append(n)
    idom = {root: root}

    def meet(a: str, b: str) -> str:
        while a != b:
            while rpo[a] > rpo[b]:
                a = idom[a]
            while rpo[b] > rpo[a]:
                b = idom[b]
        return a
    changed = True
    while changed:
        changed = False
        for n in order[1:]:
            new = None
            for p in preds[n]:
                if p in idom:
                    new = p if new is None else meet(p, new)
            if new is not None and idom.get(n) != new:
                idom[n], changed = new, True
    return idom


def dominators(cfg: Cfg) -> Mapping[str, AbstractSet[str]]:
    """Block -> the blocks that dominate it (itself included)."""
    names = [b.name for b in cfg.blocks]
    succ = {b.name: [d for d, _ in b.edges()] for b in cfg.blocks}
    idom = _idoms(names[0], succ)
    if len(idom) != len(names):              # unreachable blocks: solve the sets directly
        return _dominator_sets(cfg)
    return _Tree({n: (None if n == names[0] else idom[n]) for n in names}, names)


def _dominator_sets(cfg: Cfg) -> dict[str, set[str]]:
    names = [b.name for b in cfg.blocks]
    preds = predecessors(cfg)
    entry = names[0]
    dom = {n: set(names) for n in names}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for n in names[1:]:
            ps = [p for p, _ in preds[n]]
            new = set.intersection(*(dom[p] for p in ps)) if ps else set()
            new = new | {n}
            if new != dom[n]:
                dom[n], changed = new, True
    return dom


def post_dominators(cfg: Cfg) -> Mapping[str, AbstractSet[str]]:
    """Block -> the blocks that post-dominate it (itself included), towards a virtual
    exit that every `return` reaches. A block that cannot reach a return gets only
    itself (nothing can be proved about it)."""
    names = [b.name for b in cfg.blocks]
    exit_ = "\0exit"                          # not a block name
    back: dict[str, list[str]] = {n: [] for n in names}
    for b in cfg.blocks:
        for d, _ in b.edges():
            if d in back and b.name not in back[d]:
                back[d].append(b.name)
    back[exit_] = [b.name for b in cfg.blocks if isinstance(b.term, Return)]
    idom = _idoms(exit_, back)
    parent: dict[str, str | None] = {}
    for n in names:
        up = idom.get(n)
        parent[n] = None if up is None or up == exit_ else up
    return _Tree(parent, names)


def loop_headers(cfg: Cfg, dom: Mapping[str, AbstractSet[str]] | None = None) -> set[str]:
    """Blocks entered by a back edge (an edge from a block they dominate)."""
    dom = dom or dominators(cfg)
    return {d for b in cfg.blocks for d, _ in b.edges() if d in dom[b.name]}


def natural_loops(cfg: Cfg, dom: Mapping[str, AbstractSet[str]] | None = None
                  ) -> dict[str, set[str]]:
    """Loop header -> the blocks of its loop (header included): the blocks that reach a
    back edge into the header without passing through the header."""
    dom = dom or dominators(cfg)
    preds = predecessors(cfg)
    loops: dict[str, set[str]] = {}
    for b in cfg.blocks:
        for d, _ in b.edges():
            if d not in dom[b.name]:
                continue
            body = loops.setdefault(d, {d})
            stack = [b.name]
            while stack:
                n = stack.pop()
                if n in body:
                    continue
                body.add(n)
                stack.extend(p for p, _ in preds[n])
    return loops


def defining_blocks(cfg: Cfg) -> dict[int, str]:
    """id(value) -> name of the block that defines it (arguments and op results)."""
    out: dict[int, str] = {}
    for b in cfg.blocks:
        for a in b.args:
            out[id(a)] = b.name
        for op in b.ops:
            for r in op.results:
                out[id(r)] = b.name
    return out


def count_uses(cfg: Cfg) -> dict[int, int]:
    n: dict[int, int] = {}
    for b in cfg.blocks:
        for op in b.ops:
            for v in op_uses(op):
                n[id(v)] = n.get(id(v), 0) + 1
        for v in term_uses(b.term):
            n[id(v)] = n.get(id(v), 0) + 1
    return n


# -- closing: every live-in becomes a block argument ----------------------------------------
def close_live_ins(cfg: Cfg) -> None:
    """Rewrite `cfg` in place so that each block reads only its own arguments, its own
    results and kernel parameters: live-ins get block arguments, predecessors pass them."""
    params = {id(p.value) for p in cfg.params}
    rank: dict[int, int] = {}
    for b in cfg.blocks:
        for v in b.args + [r for op in b.ops for r in op.results]:
            rank[id(v)] = len(rank)
    defs = {b.name: {id(v) for v in b.args + [r for op in b.ops for r in op.results]}
            for b in cfg.blocks}
    uses: dict[str, dict[int, Value]] = {}
    for b in cfg.blocks:
        u: dict[int, Value] = {}
        for v in [v for op in b.ops for v in op_uses(op)] + term_uses(b.term):
            if id(v) not in defs[b.name] and id(v) not in params:
                u[id(v)] = v
        uses[b.name] = u
    live_in: dict[str, dict[int, Value]] = {b.name: dict(uses[b.name]) for b in cfg.blocks}
    changed = True
    while changed:
        changed = False
        for b in reversed(cfg.blocks):
            for d, _ in b.edges():
                for k, v in live_in[d].items():
                    if k not in defs[b.name] and k not in live_in[b.name]:
                        live_in[b.name][k] = v
                        changed = True
    if live_in[cfg.entry.name]:
        names = ", ".join(f"%{v.name}" for v in live_in[cfg.entry.name].values())
        raise LoweringError(f"values used before they are defined: {names}")
    order = {b.name: sorted(live_in[b.name].values(), key=lambda v: rank[id(v)])
             for b in cfg.blocks}
    version: dict[str, dict[int, Value]] = {}
    for b in cfg.blocks:
        fresh = {id(v): Value(v.type, v.name) for v in order[b.name]}
        version[b.name] = fresh
        b.args = b.args + [fresh[id(v)] for v in order[b.name]]
    for b in cfg.blocks:
        ver = version[b.name]
        for op in b.ops:
            op.operands = _versions(ver, op.operands)
        t = b.term
        if isinstance(t, Branch):
            t.args = _versions(ver, t.args + order[t.dest])
        elif isinstance(t, CondBranch):
            t.cond = ver.get(id(t.cond), t.cond)
            t.true_args = _versions(ver, t.true_args + order[t.true_dest])
            t.false_args = _versions(ver, t.false_args + order[t.false_dest])


def _versions(ver: dict[int, Value], vs: list[Value]) -> list[Value]:
    """Each value as the block knows it: its own argument for a live-in."""
    return [ver.get(id(v), v) for v in vs]


def copy_cfg(cfg: Cfg) -> Cfg:
    """An independent copy (new values and ops) with the same names and parameters."""
    vmap: dict[int, Value] = {id(p.value): p.value for p in cfg.params}
    blocks = []
    for b in cfg.blocks:
        nb = Block(b.name, [Value(a.type, a.name) for a in b.args])
        for a, n in zip(b.args, nb.args):
            vmap[id(a)] = n
        blocks.append(nb)
    pending: list[tuple[Block, Block]] = list(zip(cfg.blocks, blocks))
    for b, nb in pending:                 # ops may read values of blocks listed later
        for op in b.ops:
            c = clone_op(op, list(op.operands))
            for o, n in zip(op.results, c.results):
                vmap[id(o)] = n
            nb.ops.append(c)

    def m(v: Value) -> Value:
        return vmap.get(id(v), v)
    for b, nb in pending:
        for op in nb.ops:
            op.operands = [m(v) for v in op.operands]
        t = b.term
        if isinstance(t, Branch):
            nb.term = Branch(t.dest, [m(v) for v in t.args])
        elif isinstance(t, CondBranch):
            nb.term = CondBranch(m(t.cond), t.true_dest, [m(v) for v in t.true_args],
                                 t.false_dest, [m(v) for v in t.false_args])
        else:
            nb.term = Return()
    return Cfg(cfg.name, cfg.params, blocks)


# -- checking -----------------------------------------------------------------------------
def verify_cfg(cfg: Cfg, *, closed: bool = False) -> list[str]:
    """Problems with `cfg` (empty if none): unknown targets, argument count or type
    mismatches, uses not dominated by their definition; with `closed`, any use of a
    value from another block."""
    errs: list[str] = []
    names = {b.name for b in cfg.blocks}
    if len(names) != len(cfg.blocks):
        errs.append("duplicate block names")
    if cfg.entry.args:
        errs.append(f"entry block ^{cfg.entry.name} takes arguments")
    for b in cfg.blocks:
        for d, args in b.edges():
            if d not in names:
                errs.append(f"^{b.name} branches to unknown ^{d}")
                continue
            tgt = cfg.block(d)
            if len(args) != len(tgt.args):
                errs.append(f"^{b.name} passes {len(args)} values to ^{d}, which takes "
                            f"{len(tgt.args)}")
            for a, p in zip(args, tgt.args):
                if a.type != p.type:
                    errs.append(f"^{b.name} -> ^{d}: {a.type} passed for {p.type}")
        if isinstance(b.term, CondBranch) and b.term.cond.type != TileType((), "i1"):
            errs.append(f"^{b.name}: cond_br condition is {b.term.cond.type}, not tile<i1>")
    if errs:
        return errs
    dom = dominators(cfg)
    where = defining_blocks(cfg)
    params = {id(p.value) for p in cfg.params}
    for b in cfg.blocks:
        seen = {id(a) for a in b.args}
        users = [(op.name, op_uses(op), op) for op in b.ops] + [("terminator",
                                                                term_uses(b.term), None)]
        for what, vs, op in users:
            for v in vs:
                if id(v) in params or id(v) in seen:
                    continue
                home = where.get(id(v))
                if home is None:
                    errs.append(f"^{b.name}: '{what}' uses %{v.name}, defined nowhere")
                elif home == b.name:
                    errs.append(f"^{b.name}: '{what}' uses %{v.name} before its definition")
                elif closed:
                    errs.append(f"^{b.name}: '{what}' uses %{v.name} from ^{home} directly")
                elif home not in dom[b.name]:
                    errs.append(f"^{b.name}: '{what}' uses %{v.name} from ^{home}, which does "
                                f"not dominate it")
            if op is not None:
                seen.update(id(r) for r in op.results)
    return errs


# -- metrics ------------------------------------------------------------------------------
@dataclass(frozen=True)
class CfgMetrics:
    """Static size of a CFG. `recurrence` is the longest dependence cycle through a
    loop-carried block argument: the ops and block arguments on it (each block
    argument is a merge node in the dataflow form, so it costs like an op)."""
    blocks: int
    block_args: int
    branch_operands: int          # values passed on br/cond_br edges (conditions excluded)
    recurrence: int
    recurrence_ops: int           # the same cycle counting only ops

    def __str__(self) -> str:
        return (f"blocks {self.blocks}, block args {self.block_args}, branch operands "
                f"{self.branch_operands}, recurrence {self.recurrence} "
                f"({self.recurrence_ops} ops)")


def longest_recurrence(cfg: Cfg) -> tuple[int, int, list[str]]:
    """(length, ops on it, labels along it) of the longest dependence cycle that goes
    around a loop once: from a loop-header argument, through data dependences and
    branch operands, back to it over the loop's back edge."""
    dom = dominators(cfg)
    loops = natural_loops(cfg, dom)
    nodes: dict[int, tuple[str, bool]] = {}       # node id -> (label, is_op)
    owner: dict[int, int] = {}                    # id(value) -> node id
    home: dict[int, str] = {}                     # node id -> its block
    for b in cfg.blocks:
        for a in b.args:
            nodes[id(a)] = (f"^{b.name}(%{a.name})", False)
            owner[id(a)] = id(a)
            home[id(a)] = b.name
        for op in b.ops:
            nodes[id(op)] = (f"{op.name}", True)
            home[id(op)] = b.name
            for r in op.results:
                owner[id(r)] = id(op)
    fwd: dict[int, list[int]] = {n: [] for n in nodes}
    back: list[tuple[int, int]] = []
    for b in cfg.blocks:
        for op in b.ops:
            for v in op_uses(op):
                if id(v) in owner:
                    fwd[owner[id(v)]].append(id(op))
        for d, args in b.edges():
            tgt = cfg.block(d)
            is_back = d in dom[b.name]
            for v, p in zip(args, tgt.args):
                if id(v) not in owner:
                    continue
                if is_back:
                    back.append((owner[id(v)], id(p)))
                else:
                    fwd[owner[id(v)]].append(id(p))
    # topological order of the forward (acyclic) graph
    indeg = {n: 0 for n in nodes}
    for ss in fwd.values():
        for s in ss:
            indeg[s] += 1
    topo, ready = [], [n for n in nodes if indeg[n] == 0]
    while ready:
        n = ready.pop()
        topo.append(n)
        for s in fwd[n]:
            indeg[s] -= 1
            if indeg[s] == 0:
                ready.append(s)
    pos = {n: i for i, n in enumerate(topo)}
    best: tuple[int, int, list[str]] = (0, 0, [])
    into: dict[int, list[int]] = {}
    for u, hd in back:
        into.setdefault(hd, []).append(u)
    for h in {p for _, p in back}:
        if h not in pos:                  # only an irreducible CFG leaves cycles here
            continue
        dist: dict[int, tuple[int, int]] = {h: (1, 0)}
        prev: dict[int, int] = {}
        # a path back to the header stays in its loop: walk only what it reaches there
        body = loops.get(home[h], {home[h]})
        inside, stack = {h}, [h]
        while stack:
            for x in fwd[stack.pop()]:
                if x not in inside and home[x] in body:
                    inside.add(x)
                    stack.append(x)
        for n in sorted((x for x in inside if x in pos), key=pos.__getitem__):
            if n not in dist:
                continue
            for s in fwd[n]:
                cand = (dist[n][0] + 1, dist[n][1] + (1 if nodes[s][1] else 0))
                if s not in dist or cand > dist[s]:
                    dist[s], prev[s] = cand, n
        for u in into[h]:
            if u in dist and dist[u] > best[:2]:
                path, n = [], u
                while n != h:
                    path.append(nodes[n][0])
                    n = prev[n]
                path.append(nodes[h][0])
                best = (dist[u][0], dist[u][1], list(reversed(path)))
    return best


def cfg_metrics(cfg: Cfg) -> CfgMetrics:
    rec, rec_ops, _ = longest_recurrence(cfg)
    return CfgMetrics(
        blocks=len(cfg.blocks),
        block_args=sum(len(b.args) for b in cfg.blocks),
        branch_operands=sum(len(a) for b in cfg.blocks for _, a in b.edges()),
        recurrence=rec, recurrence_ops=rec_ops)


# -- text ---------------------------------------------------------------------------------
def print_cfg(cfg: Cfg) -> str:
    """MLIR-like text: `^bbN(%a: T, ...):` labels, Tile IR op syntax, `br`/`cond_br`."""
    p = Printer()
    params = ", ".join(f"%{p.names.define(q.value)}: {q.type}" for q in cfg.params)
    lines = [f"cfg @{cfg.name}({params}) {{"]
    for b in cfg.blocks:           # blocks come in an order where definitions dominate uses
        head = f"^{b.name}"
        if b.args:
            head += "(" + ", ".join(f"%{p.names.define(a)}: {a.type}" for a in b.args) + ")"
        lines.append(head + ":")
        p.lines = []
        for op in b.ops:
            p.op(op, 1)
        lines.extend(p.lines)
        lines.append("  " + _term_text(p, b.term))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _succ_text(p: Printer, dest: str, args: list[Value]) -> str:
    if not args:
        return f"^{dest}"
    return f"^{dest}({p.rs(args)} : {', '.join(str(a.type) for a in args)})"


def _term_text(p: Printer, t: Terminator) -> str:
    if isinstance(t, Branch):
        return "br " + _succ_text(p, t.dest, t.args)
    if isinstance(t, CondBranch):
        return (f"cond_br {p.r(t.cond)}, {_succ_text(p, t.true_dest, t.true_args)}, "
                f"{_succ_text(p, t.false_dest, t.false_args)}")
    return "return"


__all__ = ["Branch", "CondBranch", "Return", "Terminator", "Block", "Cfg", "CfgMetrics",
           "lower_to_cfg", "close_live_ins", "copy_cfg", "verify_cfg", "cfg_metrics",
           "longest_recurrence", "print_cfg", "predecessors", "dominators", "post_dominators",
           "loop_headers", "natural_loops", "defining_blocks", "count_uses"]
