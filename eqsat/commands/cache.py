"""`eqsat cache list|stats|clear [--json]`: the on-disk cache of cuTile kernels built
through eqsat (`eqsat.lowering.compile_cache`), which `eqsat.cutile` launches and
`eqsat cutile --cubin` share."""

from __future__ import annotations

import time

from eqsat.commands._common import emit_json


def _store():
    from eqsat.errors import EqsatError
    from eqsat.lowering.compile_cache import default_cache

    store = default_cache()
    if store is None:
        raise EqsatError("error: the compile cache is off (EQSAT_CACHE_DIR=off)")
    return store


def _age(seconds: float) -> str:
    for unit, n in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= n:
            return f"{seconds / n:.0f}{unit}"
    return f"{seconds:.0f}s"


def _describe(e) -> dict:
    m = e.meta
    tuning = m.get("tuning") or {}
    return {"key": e.key, "kernel": m.get("kernel"), "symbol": m.get("symbol"),
            "arch": m.get("arch"), "bytes": e.size,
            "build": "fallback" if e.fallback is not None else m.get("label"),
            "fallback": e.fallback, "last_used": e.mtime,
            "tuning": tuning.get("chosen") or tuning.get("skipped")}


def _run(args) -> int:
    store = _store()
    if args.action == "clear":
        n = store.clear()
        if args.json:
            emit_json({"dir": str(store.root), "removed": n})
        else:
            print(f"removed {n} entr{'y' if n == 1 else 'ies'} from {store.root}")
        return 0
    if args.action == "stats":
        st = store.stats()
        entries = store.entries()
        st["fallbacks"] = sum(1 for e in entries if e.fallback is not None)
        st["corrupt_removed"] = store.corrupt
        if args.json:
            emit_json(st)
        else:
            print(f"{st['dir']}: {st['entries']} entries, {st['bytes']} bytes of "
                  f"{st['limit_bytes']} allowed (EQSAT_CACHE_SIZE); {st['fallbacks']} "
                  f"remembered fallbacks" + (f"; {store.corrupt} damaged entries removed"
                                             if store.corrupt else ""))
        return 0
    rows = [_describe(e) for e in reversed(store.entries())]   # most recently used first
    if args.json:
        emit_json({"dir": str(store.root), "entries": rows})
        return 0
    now = time.time()
    for r in rows:
        what = f"fallback: {r['fallback']}" if r["fallback"] is not None else r["build"]
        print(f"{r['key'][:12]}  {r['arch'] or '?':7} {r['bytes']:>8}  "
              f"{_age(now - r['last_used']):>4} ago  {r['symbol'] or r['kernel']}  ({what})")
    if not rows:
        print(f"(no entries in {store.root})")
    return 0


def register(sub) -> None:
    p = sub.add_parser("cache", help="list, summarize or clear the compile cache of cuTile "
                                     "kernels built through eqsat")
    p.add_argument("action", choices=("list", "stats", "clear"),
                   help="list entries (most recently used first), print totals, or remove all")
    p.add_argument("--json", action="store_true", help="print JSON on stdout")
    p.set_defaults(func=_run)
