"""Run every ``bench/bench_*.py`` module's ``main()`` in turn: ``python -m bench [name ...]``.

With names (``python -m bench evaluate memory``), only ``bench_<name>`` modules run.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    wanted = {f"bench_{name.removeprefix('bench_')}" for name in argv}
    modules = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    for name in modules:
        if wanted and name not in wanted:
            continue
        print(f"\n## {name}\n", flush=True)
        importlib.import_module(f"bench.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
