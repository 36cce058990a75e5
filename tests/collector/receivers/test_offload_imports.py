"""The ingest worker imports what decoding needs, not the servers: a spawned child re-runs its
parent's main script, which for ``loopwatch serve`` is the console script (``from
loopwatch_collector.cli import main``), then imports ``receivers.offload``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

CONSOLE_SCRIPT_LIKE = """
import json, multiprocessing
from concurrent.futures import ProcessPoolExecutor
from loopwatch_collector.cli import main  # the console script's one import

PROBE = "__import__('loopwatch_collector.receivers.offload') and sorted(__import__('sys').modules)"

if __name__ == "__main__":
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        print(json.dumps(pool.submit(eval, PROBE).result(timeout=60)))
"""
# What serving needs and decoding does not.
SERVER_MODULES = (
    "fastapi",
    "uvicorn",
    "redis",
    "loopwatch_collector.collector",
    "loopwatch_collector.processing",
)


def test_the_worker_does_not_import_the_servers(tmp_path: Path) -> None:
    script = tmp_path / "loopwatch_like.py"
    script.write_text(CONSOLE_SCRIPT_LIKE, encoding="utf-8")
    command = [sys.executable, str(script)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "loopwatch_collector.mapping" in modules
    assert "loopwatch_collector.receivers.decode" in modules
    imported = sorted(m for m in modules if m.split(".")[0] in SERVER_MODULES or m.startswith(SERVER_MODULES))
    assert imported == []
