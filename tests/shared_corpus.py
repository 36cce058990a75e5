"""Where the shared folder (scorer and labelled corpus) lives: beside the repository.

CI clones the repository into a fresh folder with a copy of ``shared/`` beside it, so paths
are resolved from this file, never from a fixed location; ``LOOPWATCH_SHARED`` overrides.
Test modules import it as ``tests.shared_corpus`` (the tests are packages).
"""

from __future__ import annotations

import os
from pathlib import Path

SHARED = Path(os.environ.get("LOOPWATCH_SHARED", Path(__file__).resolve().parents[2] / "shared"))
CORPUS = SHARED / "corpus"
