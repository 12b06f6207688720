"""Error types: every failure the user can cause is one of these, never a bare traceback."""
from __future__ import annotations


class EqsatError(Exception):
    """Base of all errors eqsat reports on bad input or failed checks."""


class ParseError(EqsatError):
    """Text that is not Tile IR; names the file, line and column."""

    def __init__(self, message: str, line: int, col: int, filename: str = "<input>"):
        self.message, self.line, self.col, self.filename = message, line, col, filename
        super().__init__(f"{filename}:{line}:{col}: error: {message}")


class VerifyError(EqsatError):
    """IR that breaks a structural rule; names the op, the rule and, if known, the source line."""

    def __init__(self, op: str, rule: str, message: str, loc: tuple[int, int] | None = None,
                 filename: str = "<input>"):
        self.op, self.rule, self.message, self.loc, self.filename = op, rule, message, loc, filename
        where = f"{filename}:{loc[0]}:{loc[1]}: " if loc else ""
        super().__init__(f"{where}error: '{op}' [{rule}]: {message}")


class BuildError(EqsatError):
    """Misuse of the builder API (wrong operand types, unknown op)."""


class InterpError(EqsatError):
    """A kernel did something the interpreter cannot give meaning to."""


class OutOfBounds(InterpError):
    """A memory access outside every buffer, or misaligned."""


class StepLimit(InterpError):
    """A kernel ran more steps than allowed (runaway loop or live-lock)."""


class AssumeViolation(InterpError):
    """An `assume` whose predicate is false at run time (checking mode)."""


class InputError(EqsatError):
    """Input data (an inputs spec, alias groups) that breaks its schema or its rules.
    From `at`: `source` (the file or argument), `where` (a JSON path such as
    `params[2].strides`, or "") and `reason`."""

    source: str | None = None
    where: str | None = None
    reason: str | None = None

    @classmethod
    def at(cls, source: str, where: str, reason: str) -> InputError:
        """`SOURCE: error: WHERE: REASON` (no WHERE when empty)."""
        e = cls(f"{source}: error: {where + ': ' if where else ''}{reason}")
        e.source, e.where, e.reason = source, where, reason
        return e


class SpecError(InputError):
    """A malformed inputs spec, or one that does not fit the kernel."""
