"""Declarative rule sets for the optimizer, grouped by theme, and the registry users
add their own to.

Built-in sets: `fold` (constant folding), `algebra` (identities, shape folds, fma
fusion), `analysis` (divisibility and bounds, and the rewrites they prove),
`tokens` (memory-token weakening, join algebra, loop-parallel stores). `core`
(types and constants of every value) always runs. `default` = fold + algebra +
analysis + tokens; `none` = no rewrites at all (encode -> extract -> decode).

Adding a rule::

    from rules import RuleSet, register, rewrite
    from rules.dsl import terms, muli, shli, iconst, tys

    x, = terms("x"); t, = tys("t")
    mine = RuleSet("mine").add(
        rewrite("muli-two", muli(x, iconst(2, ty=t), ty=t), shli(x, iconst(1, ty=t), ty=t)))
    register(mine)                     # now `--rules default,mine` or rules=["default", mine]
"""
from __future__ import annotations

from typing import Iterable, Union

from .dsl import Action, Rule, RuleSet, infer, rewrite

_REGISTRY: dict[str, RuleSet] = {}
DEFAULT = ("fold", "algebra", "analysis", "tokens")


def _builtin() -> None:
    if _REGISTRY:
        return
    from .algebra import ALGEBRA
    from .analysis import ANALYSIS
    from .core import CORE
    from .fold import FOLD
    from .tokens import TOKENS
    for rs in (CORE, FOLD, ALGEBRA, ANALYSIS, TOKENS):
        _REGISTRY[rs.name] = rs


def register(rs: RuleSet) -> RuleSet:
    """Make a rule set selectable by name. Re-registering a name replaces it."""
    if not isinstance(rs, RuleSet):
        raise TypeError(f"register() takes a RuleSet, not {type(rs).__name__}")
    _builtin()
    if rs.name in ("default", "none", "all"):
        raise ValueError(f"'{rs.name}' is reserved")
    _REGISTRY[rs.name] = rs
    return rs


def available() -> list[str]:
    _builtin()
    return sorted(_REGISTRY)


def get(name: str) -> RuleSet:
    _builtin()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"unknown rule set '{name}' (available: {', '.join(available())}, "
                       "default, none)") from None


Selection = Union[str, RuleSet, Iterable[Union[str, RuleSet]], None]


def resolve(sel: Selection) -> list[RuleSet]:
    """Turn "default", "algebra,fold", ["default", my_set] ... into rule sets (core first)."""
    _builtin()
    if sel is None:
        sel = "default"
    items = [sel] if isinstance(sel, (str, RuleSet)) else list(sel)
    out: list[RuleSet] = []
    for it in items:
        if isinstance(it, RuleSet):
            out.append(it)
            continue
        if not isinstance(it, str):
            raise TypeError(f"rule selection items are names or RuleSets, not {it!r}")
        for name in (p.strip() for p in it.split(",")):
            if not name:
                continue
            if name == "none":
                continue
            if name == "default":
                out.extend(get(n) for n in DEFAULT)
            elif name == "all":
                out.extend(get(n) for n in available() if n != "core")
            else:
                out.append(get(name))
    seen, uniq = set(), []
    for rs in out:
        if rs.name not in seen and rs.name != "core":
            seen.add(rs.name)
            uniq.append(rs)
    return uniq


__all__ = ["Rule", "Action", "RuleSet", "rewrite", "infer", "register", "available", "get",
           "resolve", "DEFAULT"]
