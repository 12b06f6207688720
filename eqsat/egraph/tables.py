"""Reading an e-graph back: its tables row by row (`Tables`, what extraction reads) and
its egraph-serialize JSON (`serialize`, the reference they are checked against), with
the rows of a `TermBuilder`'s binding table reported as `let` names."""
from __future__ import annotations

import json
from typing import Any

from eqsat.egraph import egg
from eqsat.egraph.builder import binding_tables


def serialize(eg: egg.EGraph) -> dict[str, Any]:
    """The e-graph as egraph-serialize JSON: `nodes`, `class_data` (with `let` names: of
    egglog's own bindings and of a `TermBuilder`'s, which are rows of its binding table).
    Extraction reads `Tables` instead; this is the reference they are checked against.
    egglog op names, not Python renderings."""
    out = egg.serialize_raw(eg)
    _add_bindings(out)
    return out


def _global_name(name: str) -> str:
    """What egglog calls the global `let` binding `name`."""
    return name if name.startswith("$") else "$" + name


class Tables:
    """The e-graph's tables as egglog holds them (`EGraph.freeze`), read row by row with
    e-classes named as `serialize` names them (`Sort-N`, N the canonical id).

    What extraction reads (every e-node of a few constructors, analysis values, binding
    names) costs a fifth of a serialization this way: no JSON is written and parsed
    again, and only the tables asked for are walked. Rows come in `serialize`'s order.
    Values are named and converted once each, per sort: an i64 or a String can carry
    the same number as an e-class."""

    def __init__(self, eg: egg.EGraph):
        self._raw: Any = egg.raw(eg)
        self.functions: dict[str, Any] = self._raw.freeze().functions
        self._names: dict[str, dict[Any, str]] = {}    # sort -> value -> e-class id
        self._strings: dict[Any, str] = {}
        self._ints: dict[Any, int] = {}

    def rows(self, name: str) -> list[Any]:
        """The rows (`inputs`, `output`, `subsumed`) of table `name` (none if absent)."""
        f = self.functions.get(name)
        return [] if f is None else f.rows

    def sorts(self, name: str) -> tuple[list[str], str]:
        """The input sorts and the output sort of table `name`."""
        f = self.functions[name]
        return f.input_sorts, f.output_sort

    def cls(self, sort: str, v: Any) -> str:
        """The e-class id of value `v` of an e-class sort."""
        got = self.names(sort).get(v)
        return self._name(sort, v) if got is None else got

    def names(self, sort: str) -> dict[Any, str]:
        """The e-class ids of `sort` named so far, by value (a lookup that misses goes
        through `cls`)."""
        got = self._names.get(sort)
        if got is None:
            got = self._names[sort] = {}
        return got

    def _name(self, sort: str, v: Any) -> str:
        text = str(v)                       # "Value(N)"
        if not (text.startswith("Value(") and text.endswith(")")):
            raise ValueError(f"unexpected egglog value {text!r}")
        got = self._names[sort][v] = f"{sort}-{text[6:-1]}"
        return got

    def string(self, v: Any) -> str:
        got = self._strings.get(v)
        if got is None:
            got = self._strings[v] = self._raw.value_to_string(v)
        return got

    def i64(self, v: Any) -> int:
        got = self._ints.get(v)
        if got is None:
            got = self._ints[v] = self._raw.value_to_i64(v)
        return got

    def vec(self, v: Any) -> list[Any]:
        out: list[Any] = self._raw.value_to_vec(v)
        return out

    def bag(self, v: Any) -> list[Any]:
        out: list[Any] = self._raw.value_to_multiset(v)
        return out

    def bindings(self) -> dict[str, list[str]]:
        """e-class -> the names bound to it, as `serialize` reports them (`let`, without
        the `$`): egglog's own global `let`s, then the rows of a `TermBuilder`'s binding
        table, in row order."""
        out: dict[str, list[str]] = {}
        for name, f in self.functions.items():
            if f.is_let_binding:
                for r in f.rows:
                    out.setdefault(self.cls(f.output_sort, r.output), []).append(
                        name.lstrip("$"))
        tables = binding_tables()
        for name, f in self.functions.items():
            if name not in tables or len(f.input_sorts) != 1:
                continue
            named, sort, string = self.names(f.output_sort), f.output_sort, self.string
            for r in f.rows:
                v = r.output
                out.setdefault(named.get(v) or self.cls(sort, v), []).append(
                    string(r.inputs[0]).lstrip("$"))
        return out


def _add_bindings(raw: dict[str, Any]) -> None:
    """The names of binding-table rows (`TermBuilder.let`) as `let` class data, written
    as egglog writes its own (`$name`, comma-separated)."""
    nodes = raw["nodes"]
    tables = binding_tables()
    found: dict[str, list[str]] = {}
    for n in nodes.values():
        if n["op"] in tables and len(n["children"]) == 1:
            text = nodes[n["children"][0]]["op"]
            name = text[1:-1] if "\\" not in text else json.loads(text)
            found.setdefault(n["eclass"], []).append(_global_name(name))
    data = raw["class_data"]
    for cid, names in found.items():
        entry = data.setdefault(cid, {})
        had = entry.get("let")
        entry["let"] = ", ".join(([had] if had else []) + names)
