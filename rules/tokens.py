"""Memory-token rules (design §3): how far apart memory ops may drift.

Every rule is an instance of the weakening lemma. A memory op `o` whose input token
`T` stands for ops `o` need not wait for may take a smaller token `T'` instead:

    value(o[T]) = value(o[T'])        token(o[T]) = join(token(o[T']), T)

The re-join (a `ReJoin` node in o's token class) keeps every later op ordered
exactly as before; only `o` gets free.

`T'` joins `Need(c, T)`, the tokens the ops of o's need class c need of T, read off
the program's own tokens (the exact program-order chain for token-free input):

* a memory op's result token `token(p[T2])`: when o need not wait for p — a load
  need not wait for loads, no op waits for ops on memory it cannot touch, and
  nothing passes an acquire nor does a release pass anything — o needs of it
  what it needs of `T2`; otherwise o keeps p, in p's own weakest form, plus what
  it needs of `T2` (so it never waits for what only p had to wait for);
* a loop's carried token: when o need not wait for any op of an earlier
  iteration — a load of memory the loop does not write, or a loop-parallel store
  (index injective in the induction variable, memory nothing else in the loop
  touches, no internal aliasing) — what it needs of the loop's init: the store
  takes the token from before the loop and its result token is still joined
  into the carried token; otherwise the carried token;
* a loop's or an if's result token: what o needs of the token before it when o
  need not wait for anything inside, else the result token;
* a join: the join of what o needs of each part.

Whether o need wait for p, or for anything inside a loop or an if, follows from per-op
ordering keys (eqsat.memory.conflict: p then o conflict exactly when p's `first` keys
meet o's `second` keys; a region's keys are the union over the ops inside). `Need` is
computed at encode time, bottom-up in program order, by eqsat.egraph.tokenfacts (the
cases above, one per branch there) and inserted as one row per op's input token: it
needs the whole chain below each op, which rules would walk one token per egglog
iteration (M iterations for a chain of M ops, each costing more as the e-graph
grows). What o needs depends on o only through its `second` keys and which loops
around it it may skip (its *need class*, eqsat.memory.relations.need_classes), so the
ops of one array share one walk. The rules here apply the lemma to it: each op gets
exactly one weaker form and no token class is ever equated with a smaller one; the
e-graph stays small.

Joins the rules build are normalized by join algebra: flatten, dedupe, the root token
as identity, a one-token join is that token, and absorption of a token its partner
already stands for (`Contains`). `Contains` holds one row per direct step (`Step`: an
op's token stands for its input, a join for its members, ...) and its transitive
closure only where it is asked (`Ask`: a two-token join, a re-join), searched down from
x one step at a time, only through tokens defined no earlier than y (`Level`, the
encoder's binding order, which never grows along a step): a full closure of a chain of
M tokens is M^2 rows. A re-join already absorbed passes no question on to what its
op's input stands for, and an op whose need is its input itself gets no weaker form:
where every op needs all of its input (arrays that may alias), the chain below each
op would otherwise be searched once per op above it.
"""
from __future__ import annotations

from eqsat.egraph import terms as T
from eqsat.egraph.egg import MultiSet, Set, String, Vec, eq, i64, ne, relation, set_, union, var
from eqsat.egraph.tokenfacts import (CarryArg, CarryOut, Contains, IfBase, Level, MemLevel,
                                     Need, NeedClass, Orig)

from eqsat.rules.dsl import RuleSet, infer, ints, strs, terms, tys


# Weak(m, m2, tok): m2 is memory op m with a smaller input token; tok is m's input token.
Weak = relation("Weak", T.Term, T.Term, T.Term)

# Ask(x, y): does token x stand for everything y stands for? Asked of the pairs the join
# algebra could simplify, and passed down from x only to tokens no earlier than y.
Ask = relation("Ask", T.Term, T.Term)

# Pair(j, x, y): j is the two-token join of x and y. The absorption rules match it with
# `Contains(x, y)` on both tokens; matching the join's bag and picking its members
# instead would bind x and y only after the match, pairing every join with every
# `Contains` row (joins x tokens).
Pair = relation("Pair", T.Term, T.Term, T.Term)

# Member(j, e): token e is a member of the rule-built join j; Rest(j, xs): the members
# of a join of j's class still to list. Listing them one by one keeps the rules below a
# join of the members it has; matching each join against every token and asking
# `contains` costs joins x tokens.
Member = relation("Member", T.Term, T.Term)
Rest = relation("Rest", T.Term, MultiSet[T.Term])

# Step(x, y): x stands for y in one step (an op's token for its input, a join for its
# members, ...); `Contains` holds every step. The search below x for an asked pair goes
# down steps only: going down every `Contains` row found so far would cost, per asked
# pair, every token found below x before it (chain length squared per ask on a chain).
Step = relation("Step", T.Term, T.Term)

m, p, e, tok, tok2, pr, j, inner, x, y, f, h, base, lb, ub, st, mk = terms(
    "m p e tok tok2 pr j inner x y f h base lb ub st mk")
t, t2, tt, fty = tys("t t2 tt fty")
a, a2, k, i, ai, ii, r, aa, lx, ly = ints("a a2 k i ai ii r aa lx ly")
n, n2, el = strs("n n2 el")
args, args2, inits, body = (var(v, Vec[T.Term]) for v in ("args", "args2", "inits", "body"))
xs, ys, bag, bag2 = (var(v, MultiSet[T.Term]) for v in ("xs", "ys", "bag", "bag2"))
ks = var("ks", Set[i64])

EMPTY = MultiSet[T.Term]()
ROOT_TOKEN = T.Op0("make_token", T.NO_ATTRS, T.Ty("token"))


def _is_token(ty):
    return eq(T.ty_elem(ty)).to(String("token"))


def _weaker(name, uid, ty, operands, needed):
    """The memory op with, as input token, the join of what it needs."""
    return T.Mem(name, uid, ty, operands, T.Join(needed.reset_counts()))


TOKENS = RuleSet("tokens", doc="memory-token weakening, join algebra, loop-parallel stores",
                 phase="first", weakens_tokens=True)

# -- the weakening lemma -------------------------------------------------------------------------
TOKENS.add(
    infer("weaken", m == T.Mem(n, a, t, args, tok), Orig(m), eq(bag).to(Need(NeedClass(a), tok)),
          ne(bag).to(MultiSet[T.Term](tok)),
          then=[Weak(m, _weaker(n, a, t, args, bag), tok)],
          doc="o[T] may run as o[T'] with T' what o needs of T (an op that needs T itself "
              "gains nothing: its weaker form would be o)"),
    infer("weaken-value", Weak(m, p, tok), ne(m).to(p), pr == T.Proj(m, i, tt),
          eq(T.ty_elem(tt)).to(el), ne(el).to(String("token")),
          then=[union(pr).with_(T.Proj(p, i, tt))],
          doc="value(o[T]) = value(o[T'])"),
    infer("weaken-result-token", Weak(m, p, tok), ne(m).to(p), pr == T.Proj(m, i, tt),
          _is_token(tt), then=[union(pr).with_(T.ReJoin(T.Proj(p, i, tt), tok))],
          doc="token(o[T]) = join(token(o[T']), T): later ops stay ordered"),
)

# -- join algebra --------------------------------------------------------------------------------
TOKENS.add(
    infer("join-members", j == T.Join(xs), then=[Rest(j, xs)]),
    infer("join-members-next", Rest(j, xs), xs.length() > i64(0),
          then=[Member(j, xs.pick()), Rest(j, xs.remove(xs.pick()))]),
    infer("join-flatten", Member(j, inner), inner == T.Join(ys), j == T.Join(xs),
          xs.contains(inner),
          then=[union(j).with_(T.Join((xs.remove(inner) + ys).reset_counts()))]),
    infer("join-dedupe", j == T.Join(xs), xs.length() > xs.reset_counts().length(),
          then=[union(j).with_(T.Join(xs.reset_counts()))]),
    infer("join-root-identity", j == T.Join(xs), mk == T.Op0("make_token", aa, tt),
          xs.contains(mk), then=[union(j).with_(T.Join(xs.remove(mk)))]),
    infer("join-single", j == T.Join(xs), xs.length() == i64(1),
          then=[union(j).with_(xs.pick())]),
    infer("join-empty", j == T.Join(xs), xs.length() == i64(0),
          then=[union(j).with_(ROOT_TOKEN)]),
    infer("join-absorb", Pair(j, x, y), ne(x).to(y), Contains(x, y), then=[union(j).with_(x)],
          doc="join(a, b) = a when a already stands for everything b stands for (larger "
              "joins are pruned after extraction, where it is one pass, see eqsat.passes.cleanup)"),
    infer("join-absorb-other", Pair(j, x, y), ne(x).to(y), Contains(y, x),
          then=[union(j).with_(y)]),
    infer("rejoin-absorb", j == T.ReJoin(x, y), Contains(x, y), then=[union(j).with_(x)],
          doc="token(o[T']) already stands for T: the re-join is o's weaker token itself"),
)

# -- what a token already stands for ------------------------------------------------------------
TOKENS.add(
    infer("contains-input", pr == T.Proj(m, i, tt), m == T.Mem(n, a, t, args, tok), _is_token(tt),
          then=[Step(pr, tok)]),
    infer("contains-member", Member(j, e), e == T.Proj(p, k, tt), then=[Step(j, e)]),
    infer("contains-member-arg", Member(j, e), e == T.Arg(r, ai, tt), then=[Step(j, e)]),
    infer("contains-rejoin", j == T.ReJoin(x, y), then=[Step(j, x), Step(j, y)]),
    infer("contains-step", Step(x, y), then=[Contains(x, y)]),
    infer("contains-rejoin-whole", j == T.ReJoin(y, e), Contains(x, y), Contains(x, e),
          ne(x).to(j), then=[Contains(x, j)]),
    infer("contains-carried-for", e == T.Arg(r, ai, tt), CarryArg(r, ai, ii),
          f == T.For(r, lb, ub, st, inits, body, fty), then=[Step(e, inits[ii])]),
    infer("contains-carried-loop", e == T.Arg(r, ai, tt), CarryArg(r, ai, ii),
          f == T.Loop(r, inits, body, fty), then=[Step(e, inits[ii])]),
    infer("contains-exit-for", e == T.Proj(f, k, tt), f == T.For(r, lb, ub, st, inits, body, fty),
          CarryOut(r, k, ii), then=[Step(e, inits[ii])]),
    infer("contains-exit-loop", e == T.Proj(f, k, tt), f == T.Loop(r, inits, body, fty),
          CarryOut(r, k, ii), then=[Step(e, inits[ii])]),
    infer("contains-exit-if", e == T.Proj(h, k, tt), IfBase(h, k, base),
          then=[Step(e, base)]),
    infer("level-mem", pr == T.Proj(m, i, tt), m == T.Mem(n, a, t, args, tok), _is_token(tt),
          eq(lx).to(MemLevel(a)), then=[set_(Level(pr)).to(lx), set_(Level(tok)).to(lx)],
          doc="an op's weaker forms are defined where it is, and their input tokens no "
              "later"),
    infer("ask-rejoin", j == T.ReJoin(x, y), then=[Ask(x, y)]),
    infer("ask-join", j == T.Join(xs), xs.length() == i64(2), eq(x).to(xs.pick()),
          eq(y).to(xs.remove(x).pick()), then=[Ask(x, y), Ask(y, x), Pair(j, x, y)]),
    infer("ask-rejoin-first", Ask(x, j), j == T.ReJoin(y, e), then=[Ask(x, y)],
          doc="x stands for join(y, e) when it stands for y and for e: y first"),
    infer("ask-rejoin-then", Ask(x, j), j == T.ReJoin(y, e), ne(j).to(y), Contains(x, y),
          then=[Ask(x, e)],
          doc="... and e only once x stands for y (else the chain below e is never asked), "
              "and only while join(y, e) is not y itself: once it is, x stands for it when "
              "it stands for y, and asking on would walk the chain below e for every x"),
    infer("level-root", e == T.Op0("make_token", aa, tt), then=[set_(Level(e)).to(i64(0))],
          doc="level 0: tokens that stand for no op"),
    infer("level-none", e == T.NoTok(), then=[set_(Level(e)).to(i64(0))]),
    infer("ask-down", Ask(x, e), Step(x, y), ne(y).to(e), eq(lx).to(Level(y)),
          eq(ly).to(Level(e)), ly > i64(0), lx >= ly, then=[Ask(y, e)],
          doc="what x stands for through y: only a token defined no earlier than e can "
              "stand for e"),
    infer("contains-nothing", Ask(x, e), eq(Level(e)).to(i64(0)), ne(x).to(e),
          then=[Contains(x, e)], doc="every token stands for all a token of no op stands for"),
    infer("contains-transitive", Ask(x, e), Step(x, y), Contains(y, e),
          then=[Contains(x, e)]),
)

__all__ = ["TOKENS", "Need", "Pair", "Weak"]
