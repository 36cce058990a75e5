"""StepNovelty: the one-call constructor agrees with the general one."""

from __future__ import annotations

import pytest

from loopwatch.detect.step import Novelty, StepNovelty


@pytest.mark.parametrize("kind", list(Novelty))
@pytest.mark.parametrize("spread", [False, True])
def test_one_call_is_what_of_builds(kind: Novelty, spread: bool) -> None:
    assert StepNovelty.one(kind, 3, 7, spread) == StepNovelty.of((kind,), (3,), (7,), (spread,))
