"""The acceptance bar of the detection engine on each public set, measured by ``loopwatch eval``,
and ``loopwatch eval`` cross-checked against the shared scorer.

Bars (issue 13): ``real-agents`` clean recall >= 0.75, ``real`` >= 0.80, ``synthetic`` and
``synthetic-agents`` >= 0.95; no healthy run flagged on any set. ``synthetic*`` ship with the
repository; ``real*`` are complete only through ``LOOPWATCH_CORPUS`` (see ``shared_corpus``).
The repository-only sets (``synthetic-generalize``, ``real-more``; issue 20) are scored and cross-checked
without a bar yet.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.shared_corpus import PUBLIC_SETS, REPO_ONLY_SETS, public_set, shared_scorer

MIN_CLEAN_RECALL = {"real-agents": 0.75, "real": 0.80, "synthetic": 0.95, "synthetic-agents": 0.95}
CLI = [sys.executable, "-m", "loopwatch_collector.cli"]
TIMEOUT_S = 600


def loopwatch_eval(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, "eval", *args], capture_output=True, text=True, timeout=TIMEOUT_S, check=False
    )


@pytest.mark.parametrize("name", PUBLIC_SETS)
def test_public_set_meets_its_bar(name: str) -> None:
    bar = MIN_CLEAN_RECALL[name]
    done = loopwatch_eval(
        str(public_set(name)), "--format", "json", "--min-clean-recall", str(bar), "--max-flagged", "0"
    )
    assert done.returncode in (0, 1), done.stderr
    summary = json.loads(done.stdout)["summary"]
    measured = (
        f"{name}: clean recall {summary['clean_recall']:.2f} ({summary['clean']}/{summary['loops']}), "
        f"{summary['flagged']}/{summary['non_loops']} healthy runs flagged, "
        f"{summary['early_alarms']} early alarms"
    )
    assert summary["clean_recall"] >= bar, measured
    assert summary["flagged"] == 0, measured
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("name", REPO_ONLY_SETS)
def test_repository_only_set_is_scored(name: str) -> None:
    done = loopwatch_eval(str(public_set(name)), "--format", "json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["loops"] > 0
    assert summary["non_loops"] > 0


@pytest.mark.parametrize("name", [*PUBLIC_SETS, *REPO_ONLY_SETS])
def test_eval_agrees_with_the_shared_scorer(name: str, tmp_path: Path) -> None:
    corpus = public_set(name)
    scorer = shared_scorer()
    out = tmp_path / "score.json"
    env = {**os.environ, "LOOPWATCH_CMD": " ".join(CLI)}
    subprocess.run(
        [sys.executable, str(scorer), "--adapters", "loopwatch", "--corpus", str(corpus), "--json", str(out)],
        check=True,
        env=env,
        capture_output=True,
        timeout=TIMEOUT_S,
    )
    scored = json.loads(out.read_text(encoding="utf-8"))
    (theirs,) = scored["summary"]
    done = loopwatch_eval(str(corpus), "--format", "json")
    assert done.returncode == 0, done.stderr
    ours = json.loads(done.stdout)
    mine = ours["summary"]
    assert theirs["errors"] == []
    assert _pick(mine) == {
        "recall": theirs["recall"],
        "clean_recall": theirs["clean_recall"],
        "flagged": theirs["false_positives"],
        "early_alarms": theirs["early_alarms"],
        "false_alarm_rate": theirs["false_alarm_rate"],
        "median_steps_wasted": theirs["median_steps_wasted"],
        "p90_steps_wasted": theirs["p90_steps_wasted"],
        "by_kind": theirs["recall_by_kind"],
    }
    first = {s["id"]: (s["firings"][0]["step"] if s["firings"] else None) for s in ours["scenarios"]}
    assert first == {
        sid: (r["first"]["step"] if r["first"] else None) for sid, r in scored["results"]["loopwatch"].items()
    }


def _pick(summary: dict[str, Any]) -> dict[str, Any]:
    keys = ("recall", "clean_recall", "flagged", "early_alarms", "false_alarm_rate")
    return {k: summary[k] for k in (*keys, "median_steps_wasted", "p90_steps_wasted", "by_kind")}
