"""The REST API (FastAPI, default port 8080): health, metrics, sessions, and ``POST /v1/evaluate``.

Routes only translate: JSON in, ``Pipeline`` call, JSON out. ``POST /v1/evaluate`` takes the
protobuf JSON mapping of ``loopwatch.v1.EvaluateRequest`` (field names in snake_case or
camelCase, enums by name) and goes through the same codec and pipeline as the gRPC
``Evaluate``; its answer is a ``VerdictBody``. Errors: 400 naming the field, 413 for a body
over ``MAX_EVALUATE_BODY_BYTES``, 415 for a non-JSON content type, 503 with ``Retry-After``
when the store is down. The OpenAPI schema is at ``/openapi.json`` (docs at ``/docs``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Literal

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from google.protobuf import json_format
from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder
from pydantic import BaseModel

from loopwatch._proto.v1 import guard_pb2 as pb
from loopwatch._wire import MAX_EVIDENCE_CHARS, WireError, context_from_proto, events_from_proto
from loopwatch.verdict import Finding, Verdict
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.loopguard import pending_call_from_request
from loopwatch_collector.receivers.plain_content import fingerprint_plain_content
from loopwatch_collector.store.base import SessionRecord

logger = logging.getLogger(__name__)

# An Evaluate carries one step's new events: a few KB, or a few MB with captured content. The
# OTLP limit (64 MiB) is for batches of many traces; this route serves one agent step.
MAX_EVALUATE_BODY_BYTES = 16 * 1024 * 1024
_RETRY_AFTER_S = "1"


class FindingBody(BaseModel):
    detector: str
    key: str
    summary: str
    count: int
    first_step: int
    last_step: int
    severity: str
    tool_name: str | None = None
    arguments: str | None = None
    last_result_preview: str | None = None
    trimmed_text: str | None = None

    @classmethod
    def of(cls, f: Finding) -> FindingBody:
        return cls(
            detector=f.detector,
            key=f.key,
            summary=f.summary,
            count=f.count,
            first_step=f.first_step,
            last_step=f.last_step,
            severity=f.severity.value,
            tool_name=f.tool_name,
            arguments=_clip(f.arguments),
            last_result_preview=f.last_result_preview,
            trimmed_text=f.trimmed_text,
        )


class VerdictBody(BaseModel):
    action: Literal["continue", "nudge", "withdraw_tools", "halt"]
    step: int
    message: str | None = None
    detector: str | None = None
    finding: FindingBody | None = None

    @classmethod
    def of(cls, v: Verdict) -> VerdictBody:
        return cls(
            action=v.action.value,
            step=v.step,
            message=v.message,
            detector=v.detector,
            finding=FindingBody.of(v.finding) if v.finding else None,
        )


class EvaluateResponse(VerdictBody):
    trace_id: str
    agent: str


class SessionSummary(BaseModel):
    trace_id: str
    agent: str
    conversation_id: str | None
    mode: str
    steps: int
    tool_calls: int
    started_unix_s: float
    last_seen_unix_s: float
    looping: bool
    runaway: bool
    last_verdict: VerdictBody | None

    @classmethod
    def of(cls, r: SessionRecord) -> SessionSummary:
        return cls(
            trace_id=r.trace_id,
            agent=r.agent,
            conversation_id=r.conversation_id,
            mode=r.mode,
            steps=r.steps,
            tool_calls=r.tool_calls,
            started_unix_s=r.started_unix_s,
            last_seen_unix_s=r.last_seen_unix_s,
            looping=r.looping,
            runaway=r.runaway,
            last_verdict=VerdictBody.of(r.last_verdict) if r.last_verdict else None,
        )


class SessionDetail(SessionSummary):
    events: int
    turn: int
    step_open: bool
    detector_errors: int
    findings: list[FindingBody]
    verdicts: list[VerdictBody]

    @classmethod
    def of(cls, r: SessionRecord) -> SessionDetail:
        s = r.state
        return cls(
            **SessionSummary.of(r).model_dump(),
            events=s.events,
            turn=s.turn,
            step_open=s.open_step is not None,
            detector_errors=s.detector_errors,
            findings=[FindingBody.of(f) for f in s.findings],
            verdicts=[VerdictBody.of(v) for v in r.verdicts],
        )


class SessionList(BaseModel):
    sessions: list[SessionSummary]


def create_rest_app(
    pipeline: Pipeline,
    registry: CollectorRegistry,
    *,
    is_ready: Callable[[], bool],
    extra_routers: tuple[APIRouter, ...] = (),
) -> FastAPI:
    """The REST app; ``is_ready`` backs ``/readyz`` (false before start and while stopping)."""
    app = FastAPI(title="loopwatch collector", version="0.1.0", description=__doc__)
    for router in extra_routers:
        app.include_router(router)

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"], responses={503: {"description": "starting or stopping"}})
    async def readyz() -> Response:
        """Readiness: every listener is up and the collector is not shutting down."""
        if is_ready():
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "not ready"}, status_code=503)

    @app.get("/metrics", tags=["metrics"], response_class=Response)
    async def metrics(request: Request) -> Response:
        """Prometheus exposition; OpenMetrics (with exemplars) when the scraper accepts it."""
        encoder, content_type = choose_encoder(request.headers.get("accept", ""))
        return Response(encoder(registry), media_type=content_type)

    @app.get("/v1/sessions", tags=["sessions"])
    async def list_sessions(
        state: Literal["looping", "runaway"] | None = None,
        limit: int = Query(default=100, ge=1, le=10_000),
    ) -> SessionList:
        """Live sessions, most recently seen first."""
        try:
            records = await pipeline.list_sessions(state=state, limit=limit)
        except StoreError as exc:
            raise _unavailable(exc) from exc
        return SessionList(sessions=[SessionSummary.of(r) for r in records])

    @app.get("/v1/sessions/{trace_id}", tags=["sessions"], responses={404: {"description": "unknown"}})
    async def get_session(trace_id: str) -> SessionDetail:
        """One session: counts, findings and verdict history."""
        try:
            record = await pipeline.get_session(trace_id)
        except StoreError as exc:
            raise _unavailable(exc) from exc
        if record is None:
            raise HTTPException(status_code=404, detail=f"no live session for trace_id {trace_id!r}")
        return SessionDetail.of(record)

    @app.post(
        "/v1/evaluate",
        tags=["verdicts"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
                "description": "protobuf JSON mapping of loopwatch.v1.EvaluateRequest; fingerprints may be"
                " left empty and plain content sent instead (see the README, verdicts for any language)",
            }
        },
        responses={400: {}, 413: {}, 415: {}, 503: {}},
    )
    async def evaluate(request: Request) -> EvaluateResponse:
        """JSON twin of ``LoopGuard.Evaluate``: append a step's events, get the verdict."""
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            raise HTTPException(status_code=415, detail="content-type must be application/json")
        body = await _read_limited(request, MAX_EVALUATE_BODY_BYTES)
        message = pb.EvaluateRequest()
        try:
            json_format.Parse(body.decode("utf-8"), message)
        except (json_format.ParseError, UnicodeDecodeError, RecursionError) as exc:
            raise HTTPException(status_code=400, detail=f"body: {exc}") from exc
        fingerprint_plain_content(message)
        try:
            trace = context_from_proto(message.trace_id, message.agent, message.conversation_id)
            events = events_from_proto(message.events)
            pending = pending_call_from_request(message)
        except WireError as exc:
            raise HTTPException(status_code=400, detail=str(exc)) from exc
        try:
            verdict = await pipeline.evaluate(trace, events, pending_call=pending)
        except StoreError as exc:
            raise _unavailable(exc) from exc
        return EvaluateResponse(
            **VerdictBody.of(verdict).model_dump(), trace_id=trace.trace_id, agent=trace.agent
        )

    return app


async def _read_limited(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise HTTPException(status_code=413, detail=f"body larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(status_code=413, detail=f"body larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _clip(text: str | None) -> str | None:
    """Evidence arguments, clipped like the gRPC verdict's (``MAX_EVIDENCE_CHARS``)."""
    if text is None or len(text) <= MAX_EVIDENCE_CHARS:
        return text
    return text[: MAX_EVIDENCE_CHARS - 3] + "..."


def _unavailable(exc: StoreError) -> HTTPException:
    return HTTPException(
        status_code=503, detail=f"session store unavailable: {exc}", headers={"Retry-After": _RETRY_AFTER_S}
    )
