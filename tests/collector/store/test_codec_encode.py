"""``codec_encode.to_json``: the fast JSON writer keeps the format byte for byte."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from loopwatch.detect.engine import Engine
from loopwatch.scenario import iter_scenario_files, load_scenario
from loopwatch_collector.store.codec import CodecError, encode
from loopwatch_collector.store.codec_encode import EncodeContext, dataclass_encoder, to_json
from tests.shared_corpus import REPO_CORPUS


def test_to_json_writes_what_the_standard_library_writes_for_every_corpus_session() -> None:
    engine = Engine()
    for path in iter_scenario_files([REPO_CORPUS / "real", REPO_CORPUS / "synthetic"]):
        state = engine.new_session()
        engine.ingest(state, load_scenario(path).events)
        context = EncodeContext()
        root = dataclass_encoder(type(state))(state, context)
        expected = json.dumps([context.table, root], separators=(",", ":"), ensure_ascii=False).encode()
        assert to_json(context.table, root) == expected, path.name


@dataclass
class _Scores:
    typed: float
    loose: Any = 0.0


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_non_finite_floats_are_refused_not_written_as_null(value: float) -> None:
    with pytest.raises(CodecError, match="non-finite"):
        encode(_Scores(typed=value))
    with pytest.raises(CodecError, match="non-finite"):
        encode(_Scores(typed=1.0, loose=value))
