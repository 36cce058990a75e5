"""Where the tests find labelled scenarios: the repository's ``corpus/``, and the complete
public sets through one setting, ``LOOPWATCH_CORPUS``.

``corpus/`` (shipped) holds what may be redistributed: ``synthetic/`` and ``synthetic-agents/``
complete, ``real/`` and ``real-agents/`` in part (``corpus/README.md``), and the sets that exist only in
the repository (``REPO_ONLY_SETS``: added after the shared corpus, always read from ``corpus/``).
``LOOPWATCH_CORPUS`` names a folder with the complete public sets (``.ci/run`` sets it to
``../shared/corpus``); the shared scorer is expected beside it at ``../eval/score.py``.

A test that needs what is absent calls ``public_set`` / ``shared_scorer``, which skip with a
reason naming what is missing — or fail when ``CI=true``, because CI always has the corpus.
Test modules import it as ``tests.shared_corpus`` (the tests are packages).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

CORPUS_ENV = "LOOPWATCH_CORPUS"
REPO_CORPUS = Path(__file__).resolve().parents[1] / "corpus"
#: Sets shipped in full in ``corpus/``; the others only in part.
COMPLETE_IN_REPO = frozenset({"synthetic", "synthetic-agents"})
PUBLIC_SETS = ("real", "real-agents", "synthetic", "synthetic-agents")
#: Sets shipped only in ``corpus/`` (not in the shared corpus); no acceptance bar yet.
REPO_ONLY_SETS = (
    "synthetic-generalize",
    "heldout-twin",
    "heldout-wild",
    "heldout-blind",
    "heldout-blind2",
    "heldout-blind3",
    "heldout-blind4",
    "heldout-blind5",
    "heldout-blind6",
    "heldout-blind7",
    "heldout-blind8",
    "heldout-blind9",
    "heldout-blind10",
    "heldout-blind11",
    "heldout-blind12",
    "heldout-blind13",
    "heldout-blind14",
    "heldout-blind15",
    "heldout-blind16",
    "heldout-blind17",
    "heldout-blind18",
    "heldout-blind19",
    "heldout-blind20",
    "heldout-blind21",
    "heldout-blind22",
    "heldout-blind23",
    "heldout-blind24",
    "real-more",
    "real-wild",
)


def public_set(name: str) -> Path:
    """The complete public set ``name``: from ``LOOPWATCH_CORPUS`` when set, else the shipped
    copy when it is complete; otherwise skip (fail in CI) naming what is missing. A set in
    ``REPO_ONLY_SETS`` is always the shipped copy."""
    if name in REPO_ONLY_SETS:
        return REPO_CORPUS / name
    configured = os.environ.get(CORPUS_ENV)
    if configured:
        path = Path(configured) / name
        if path.is_dir():
            return path
        missing(f"{CORPUS_ENV}={configured} has no {name}/ folder")
    if name not in COMPLETE_IN_REPO:
        missing(f"the complete public corpus set {name!r} is not in this repository; set {CORPUS_ENV}")
    return REPO_CORPUS / name


def shared_scorer() -> Path:
    """The shared scorer (``score.py``), beside the folder ``LOOPWATCH_CORPUS`` names."""
    configured = os.environ.get(CORPUS_ENV)
    if not configured:
        missing(f"the shared scorer is found through {CORPUS_ENV} (../eval/score.py from it), which is unset")
    scorer = Path(configured).resolve().parent / "eval" / "score.py"
    if not scorer.is_file():
        missing(f"no shared scorer at {scorer} (expected beside {CORPUS_ENV}={configured})")
    return scorer


def missing(reason: str) -> NoReturn:
    """Skip the calling test naming ``reason``; in CI (``CI=true``) fail it instead."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI needs the complete corpus: {reason}", pytrace=False)
    pytest.skip(reason)
