"""REST API over real HTTP: health, metrics with exemplars, sessions, POST /v1/evaluate and bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from google.protobuf import json_format

from loopwatch import wire
from loopwatch.wire import pb
from loopwatch_collector.exporters.rest import FindingBody
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.testing import RunningCollector, running_collector
from tests.collector.collector_builders import tool_step, trace_id


@pytest.fixture(scope="module")
def collector() -> Iterator[RunningCollector]:
    with running_collector() as running:
        yield running


@pytest.fixture(scope="module")
def http(collector: RunningCollector) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=collector.endpoints.http_url, timeout=10) as client:
        yield client


def _body(trace: str, step: int, agent: str = "rest-bot") -> dict[str, object]:
    request = pb.EvaluateRequest(trace_id=trace, agent=agent, events=wire.events_to_proto(tool_step(step)))
    return json_format.MessageToDict(request, preserving_proto_field_name=True)


def test_health_and_readiness(http: httpx.Client) -> None:
    assert http.get("/healthz").json() == {"status": "ok"}
    assert http.get("/readyz").status_code == 200


def test_openapi_is_served(http: httpx.Client) -> None:
    paths = http.get("/openapi.json").json()["paths"]
    assert {"/v1/sessions", "/v1/sessions/{trace_id}", "/v1/evaluate", "/metrics"} <= set(paths)


def test_evaluate_then_sessions_show_the_verdict(http: httpx.Client) -> None:
    trace = trace_id(200)
    replies = [http.post("/v1/evaluate", json=_body(trace, i)).json() for i in range(3)]
    assert [r["action"] for r in replies] == ["continue", "continue", "nudge"]
    assert replies[-1]["detector"] == "identical_call"
    assert replies[-1]["trace_id"] == trace
    detail = http.get(f"/v1/sessions/{trace}").json()
    assert detail["steps"] == 3
    assert detail["looping"] is True
    assert detail["last_verdict"]["action"] == "nudge"
    assert detail["verdicts"][0]["finding"]["tool_name"] == "grep"
    looping = http.get("/v1/sessions", params={"state": "looping"}).json()["sessions"]
    assert trace in {s["trace_id"] for s in looping}
    assert http.get("/v1/sessions", params={"state": "runaway"}).json()["sessions"] == []
    assert http.get("/v1/sessions", params={"state": "bogus"}).status_code == 422


def test_camel_case_json_is_accepted(http: httpx.Client) -> None:
    request = pb.EvaluateRequest(trace_id=trace_id(201), events=wire.events_to_proto(tool_step(0)))
    reply = http.post(
        "/v1/evaluate",
        content=json_format.MessageToJson(request),
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 200
    assert reply.json()["agent"] == "unknown"


def test_unknown_session_is_404(http: httpx.Client) -> None:
    assert http.get(f"/v1/sessions/{trace_id(299)}").status_code == 404


def test_metrics_negotiate_openmetrics_with_exemplars(http: httpx.Client) -> None:
    http.post("/v1/evaluate", json=_body(trace_id(202), 0))
    plain = http.get("/metrics")
    assert plain.headers["content-type"].startswith("text/plain")
    assert "loopwatch_verdicts_total" in plain.text
    om = http.get("/metrics", headers={"accept": "application/openmetrics-text; version=1.0.0"})
    assert om.headers["content-type"].startswith("application/openmetrics-text")
    assert '# {trace_id="' in om.text


@pytest.mark.parametrize(
    ("content", "content_type", "status", "detail_prefix"),
    [
        (b"{not json", "application/json", 400, "body:"),
        (b"\xff\xfe\x00garbage", "application/json", 400, "body:"),
        (b'{"trace_id": "abc"}', "application/json", 400, "trace_id:"),
        (
            b'{"trace_id": "' + trace_id(1).encode() + b'", "events": [{}]}',
            "application/json",
            400,
            "events[0]",
        ),
        (b'{"no_such_field": 1}', "application/json", 400, "body:"),
        (b"{}", "text/plain", 415, "content-type"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json", 400, "body:"),
    ],
)
def test_bad_evaluate_bodies(
    http: httpx.Client, content: bytes, content_type: str, status: int, detail_prefix: str
) -> None:
    reply = http.post("/v1/evaluate", content=content, headers={"content-type": content_type})
    assert reply.status_code == status
    assert reply.json()["detail"].startswith(detail_prefix)
    assert http.get("/healthz").status_code == 200


def test_oversize_body_is_413(http: httpx.Client) -> None:
    reply = http.post(
        "/v1/evaluate",
        content=b" " * (LimitsConfig().evaluate_max_bytes + 1),
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 413


def test_ten_megabyte_arguments_are_handled(http: httpx.Client) -> None:
    big = tool_step(0, args={"text": "x" * 10_000_000})
    request = pb.EvaluateRequest(trace_id=trace_id(203), agent="big", events=wire.events_to_proto(big))
    reply = http.post(
        "/v1/evaluate",
        content=json_format.MessageToJson(request),
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 200
    assert json.loads(reply.text)["step"] == 1


def test_finding_body_schema_is_the_wire_finding() -> None:
    # The OpenAPI schema lists the fields; the values come from loopwatch.wire.finding_to_dict.
    assert list(FindingBody.model_fields) == list(wire.FINDING_FIELDS)


def test_session_detail_has_the_timeline_and_verdict_send_times(http: httpx.Client) -> None:
    trace = trace_id(310)
    for step in range(4):
        assert http.post("/v1/evaluate", json=_body(trace, step, agent="timeline-bot")).status_code == 200
    detail = http.get(f"/v1/sessions/{trace}").json()
    assert [s["number"] for s in detail["timeline"]] == [1, 2, 3, 4]
    assert detail["timeline"][0]["calls"][0]["name"] == "grep"
    (nudge,) = detail["verdicts"]
    assert nudge["action"] == "nudge"
    assert nudge["sent_unix_s"] >= detail["started_unix_s"]
    assert detail["halted"] is False


def test_sessions_filter_by_agent_and_halted(http: httpx.Client) -> None:
    trace = trace_id(311)
    for step in range(12):
        http.post("/v1/evaluate", json=_body(trace, step, agent="halting-bot"))
    halted = http.get("/v1/sessions", params={"state": "halted"}).json()["sessions"]
    assert [s["trace_id"] for s in halted] == [trace]
    assert halted[0]["halted"] is True
    mine = http.get("/v1/sessions", params={"agent": "halting-bot"}).json()["sessions"]
    assert [s["agent"] for s in mine] == ["halting-bot"]
    assert http.get("/v1/sessions", params={"agent": "nobody", "state": "looping"}).json()["sessions"] == []
