"""``loopwatch.init``: arguments, LOOPWATCH_* and OTEL_* variables, precise ValueErrors."""

from __future__ import annotations

import socket
import time
from typing import Literal

import pytest

import loopwatch
from loopwatch import LocalVerdictService
from loopwatch import _init as loopwatch_init
from loopwatch._remote import RemoteVerdictService
from loopwatch.detect.budget import Budget


def test_defaults_are_a_local_guard_and_privacy_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LOOPWATCH_ENDPOINT", "LOOPWATCH_GUARD", "LOOPWATCH_CAPTURE_CONTENT", "OTEL_SERVICE_NAME"):
        monkeypatch.delenv(name, raising=False)
    lw = loopwatch.init(agent="a", export_spans=False)
    assert lw.guard is not None
    assert isinstance(lw.guard.service, LocalVerdictService)
    assert lw.capture_content is False
    lw.shutdown()


def test_environment_configures_a_remote_fail_closed_shadow_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOOPWATCH_ENDPOINT", "localhost:4317")
    monkeypatch.setenv("LOOPWATCH_GUARD_TIMEOUT_MS", "20")
    monkeypatch.setenv("LOOPWATCH_FAIL_CLOSED", "true")
    monkeypatch.setenv("LOOPWATCH_MODE", "shadow")
    monkeypatch.setenv("LOOPWATCH_AGENT_NAME", "from-env")
    monkeypatch.setenv("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", "SPAN_ONLY")
    lw = loopwatch.init()
    assert lw.agent == "from-env"
    assert lw.capture_content is True
    assert lw.guard is not None
    assert isinstance(lw.guard.service, RemoteVerdictService)
    assert lw.guard.service.timeout_s == pytest.approx(0.02)
    assert lw.guard.fail_closed is True
    assert lw.guard.mode == "shadow"
    lw.shutdown()
    lw.shutdown()  # idempotent


def test_spans_are_exported_only_when_an_endpoint_is_known(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LOOPWATCH_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)
    quiet = loopwatch.init(agent="a")
    assert quiet._owned_provider is None
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:9")
    exporting = loopwatch.init(agent="a", guard="local")
    assert exporting._owned_provider is not None
    exporting.shutdown()


def test_explicit_arguments_win_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOOPWATCH_CAPTURE_CONTENT", "true")
    monkeypatch.setenv("LOOPWATCH_GUARD", "remote")
    lw = loopwatch.init(agent="a", capture_content=False, guard="off", export_spans=False)
    assert lw.capture_content is False
    assert lw.guard is None


def test_http_protobuf_exporter_is_used_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf")
    lw = loopwatch.init(agent="a", guard="off", otlp_endpoint="http://127.0.0.1:9/v1/traces")
    assert lw.tracer_provider is not None
    lw.shutdown()


@pytest.mark.parametrize(
    ("kwargs", "env", "match"),
    [
        ({"guard": "remote"}, {}, "LOOPWATCH_ENDPOINT"),
        ({"guard": "sometimes"}, {}, "LOOPWATCH_GUARD"),
        ({"mode": "loud"}, {}, "LOOPWATCH_MODE"),
        ({"endpoint": "h:1"}, {"LOOPWATCH_GUARD_TIMEOUT_MS": "soon"}, "LOOPWATCH_GUARD_TIMEOUT_MS"),
        ({"otlp_protocol": "carrier-pigeon"}, {}, "otlp_protocol"),
        ({"agent": ""}, {"LOOPWATCH_AGENT_NAME": ""}, None),
    ],
)
def test_bad_values_raise_value_error_naming_them(
    monkeypatch: pytest.MonkeyPatch, kwargs: dict[str, object], env: dict[str, str], match: str | None
) -> None:
    monkeypatch.delenv("LOOPWATCH_ENDPOINT", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    if match is None:
        lw = loopwatch.init(**kwargs, export_spans=False)  # type: ignore[arg-type]
        assert lw.agent  # empty names fall back to a default, they do not raise
        return
    with pytest.raises(ValueError, match=match):
        loopwatch.init(**kwargs)  # type: ignore[arg-type]


def test_detector_settings_configure_the_local_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LOOPWATCH_ENDPOINT", "LOOPWATCH_GUARD", "OTEL_EXPORTER_OTLP_ENDPOINT"):
        monkeypatch.delenv(name, raising=False)
    lw = loopwatch.init(agent="bot", detectors={"agents": {"bot": {"budgets": {"trace_max_steps": 7}}}})
    assert lw.guard is not None
    service = lw.guard.service
    assert isinstance(service, LocalVerdictService)
    (budget,) = [d for d in service.engine.config.detectors if isinstance(d, Budget)]
    assert budget.config.hard_max_steps == 7
    with pytest.raises(ValueError, match="remote guard uses the collector"):
        loopwatch.init(endpoint="127.0.0.1:4317", guard="remote", detectors={})


# A dead collector used to hold the agent ~10 s at exit (OTLP's default export timeout with
# retries); the bound is SPAN_EXPORT_TIMEOUT_S plus scheduling slack on a loaded CI machine.
_SHUTDOWN_BOUND_S = 3.0


@pytest.mark.parametrize("protocol", ["grpc", "http/protobuf"])
def test_a_dead_collector_holds_shutdown_about_a_second(
    monkeypatch: pytest.MonkeyPatch, protocol: Literal["grpc", "http/protobuf"]
) -> None:
    for name in (
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TIMEOUT",
        "OTEL_EXPORTER_OTLP_TRACES_TIMEOUT",
    ):
        monkeypatch.delenv(name, raising=False)
    with socket.socket() as probe:  # a port that was free a moment ago: connections are refused
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    endpoint = f"127.0.0.1:{port}" if protocol == "grpc" else f"http://127.0.0.1:{port}/v1/traces"
    lw = loopwatch.init(agent="a", guard="local", otlp_protocol=protocol, otlp_endpoint=endpoint)
    with lw.run() as run, run.chat("m") as chat:
        chat.record(text="done")
    started = time.monotonic()
    lw.shutdown()
    assert time.monotonic() - started < _SHUTDOWN_BOUND_S
    assert loopwatch_init.SPAN_EXPORT_TIMEOUT_S <= 1.0
