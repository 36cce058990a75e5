"""Which extra to install when an optional dependency is missing, said in one line.

Scripts and examples wrap their optional imports so that a missing package ends the program
with the install command instead of a traceback::

    from loopwatch.extras import needs_extra

    with needs_extra("openai"):
        import openai

The library itself never exits: ``missing_extra_message`` gives the same sentence to put in an
exception of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["missing_extra_message", "needs_extra"]


def missing_extra_message(extra: str, module: str | None) -> str:
    """One line naming the missing ``module`` and the command that installs ``extra``."""
    return (
        f"{module or 'a package'} is not installed: this needs the '{extra}' extra, "
        f"pip install 'loopwatch[{extra}]' (from a clone: pip install -e 'sdk[{extra}]')"
    )


@contextmanager
def needs_extra(extra: str) -> Iterator[None]:
    """Run the block; a ``ModuleNotFoundError`` in it exits the program (status 1) with
    ``missing_extra_message``, printed on stderr. For scripts only: it raises ``SystemExit``."""
    try:
        yield
    except ModuleNotFoundError as exc:
        raise SystemExit(missing_extra_message(extra, exc.name)) from None
