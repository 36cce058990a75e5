"""The TypeScript example (``examples/typescript``): a Node agent with ``@grpc/grpc-js`` sends plain
content to a running collector and is nudged, then has its tools withdrawn. Runs when ``node``
and ``npm`` are installed (``npm ci`` fetches the pinned packages from the npm registry)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from loopwatch_collector.testing import RunningCollector, running_collector

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "typescript"
# npm ci over the network and tsc are slow on a shared machine; the run itself takes a second.
INSTALL_TIMEOUT_S = 300
RUN_TIMEOUT_S = 60

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or shutil.which("npm") is None, reason="node and npm are not installed"
)


@pytest.fixture(scope="module")
def built() -> Path:
    """The example, installed from its lock file and compiled (``dist/stuck_loop.js``)."""
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund"], cwd=EXAMPLE, check=True, timeout=INSTALL_TIMEOUT_S
    )
    subprocess.run(["npx", "tsc"], cwd=EXAMPLE, check=True, timeout=INSTALL_TIMEOUT_S)
    return EXAMPLE / "dist" / "stuck_loop.js"


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


def test_typescript_stuck_loop_is_nudged_then_tools_withdrawn(
    built: Path, collector: RunningCollector
) -> None:
    env = {**os.environ, "LOOPWATCH_ENDPOINT": collector.endpoints.grpc_target}
    run = subprocess.run(
        ["node", str(built)], env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[2].startswith("step 3: loopwatch says NUDGE: [loopwatch]")
    assert lines[4].startswith("step 5: loopwatch says WITHDRAW_TOOLS")
    assert lines[5] == "step 6: final answer: I could not find the weather in Atlantis."
    trace_id = lines[-1].split()[1].rstrip(";")
    record = collector.call(collector.collector.pipeline.get_session(trace_id))
    assert record is not None
    assert record.agent == "typescript-example"
    assert record.steps == 5
