"""The acceptance bar of the detection engine, measured by the shared scorer.

Runs ../shared/eval/score.py with its `loopwatch` adapter (which calls `loopwatch replay`) on
the public corpus and asserts clean recall >= 0.90 and false-alarm rate <= 0.02. The shared
folder sits beside the repository (LOOPWATCH_SHARED overrides); its absence is a failure, not
a skip: CI always has it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.shared_corpus import CORPUS, SHARED


def test_public_corpus_clean_recall_and_false_alarms(tmp_path: Path) -> None:
    scorer = SHARED / "eval" / "score.py"
    assert scorer.is_file(), f"shared scorer not found at {scorer} (set LOOPWATCH_SHARED)"
    out = tmp_path / "score.json"
    env = {**os.environ, "LOOPWATCH_CMD": f"{sys.executable} -m loopwatch_collector.cli"}
    subprocess.run(
        [
            sys.executable,
            str(scorer),
            "--adapters",
            "loopwatch",
            "--corpus",
            str(CORPUS / "real"),
            str(CORPUS / "synthetic"),
            "--json",
            str(out),
            "--no-matrix",
        ],
        check=True,
        env=env,
        capture_output=True,
        timeout=600,
    )
    (summary,) = json.loads(out.read_text(encoding="utf-8"))["summary"]
    assert summary["errors"] == []
    assert summary["clean_recall"] >= 0.90, summary
    assert summary["false_alarm_rate"] <= 0.02, summary
