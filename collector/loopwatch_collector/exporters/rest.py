"""The REST API (FastAPI, default port 8080): health, metrics, sessions, and ``POST /v1/evaluate``.

Routes only translate: JSON in, ``Pipeline`` call, JSON out. ``POST /v1/evaluate`` takes the
protobuf JSON mapping of ``loopwatch.v1.EvaluateRequest`` (field names in snake_case or
camelCase, enums by name) and goes through the same codec and pipeline as the gRPC
``Evaluate`` (``receivers/evaluate_call.py``); its answer is a ``VerdictBody``. Errors: 400
naming the field, 413 for a body over ``limits.evaluate_max_bytes`` or more events than
``limits.evaluate_max_events``, 415 for a non-JSON content type, 503 with ``Retry-After``
when the store is down. The OpenAPI schema is at ``/openapi.json``; FastAPI's ``/docs`` and
``/redoc`` pages are off, because they load their scripts from a CDN (blank offline, and a
third-party script next to the session page): any OpenAPI viewer reads the schema.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter, FastAPI, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from loopwatch.verdict import Finding, Verdict
from loopwatch.wire import (
    MAX_MESSAGE_CHARS,
    WireError,
    clip,
    finding_to_dict,
)
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.exporters.metrics_render import MetricsRenderer
from loopwatch_collector.exporters.session_activity import Activity, activity_of, strongest_verdict_of
from loopwatch_collector.exporters.session_scenario import session_scenario
from loopwatch_collector.exporters.timeline_view import HookDecisionBody, TimelineStepBody
from loopwatch_collector.exporters.ui import ui_router
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.receivers.evaluate_call import EvaluateRunner
from loopwatch_collector.receivers.evaluate_limits import EvaluateLimits, EvaluateTooLargeError
from loopwatch_collector.receivers.evaluate_parse import MalformedEvaluateError
from loopwatch_collector.receivers.hooks.route import hooks_router
from loopwatch_collector.receivers.hooks.service import HookService
from loopwatch_collector.receivers.http_body import read_json_body, unavailable
from loopwatch_collector.security.connections import LimitsConfig
from loopwatch_collector.security.tenancy import (
    ANONYMOUS,
    CURRENT_TENANT,
    current_tenant,
    public_id,
    session_key,
)
from loopwatch_collector.store.base import SessionRecord

logger = logging.getLogger(__name__)

# Sessions per GET /v1/sessions page: the session page shows 200; each costs ~1 KB of JSON.
MAX_LIST_LIMIT = 1000


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
        """The wire view of ``f`` (``loopwatch.wire.finding_to_dict``, as in gRPC verdicts)."""
        return cls.model_validate(finding_to_dict(f))


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
            message=clip(v.message, MAX_MESSAGE_CHARS) if v.message is not None else None,
            detector=v.detector,
            finding=FindingBody.of(v.finding) if v.finding else None,
        )


class SentVerdictBody(VerdictBody):
    sent_unix_s: float | None = None  # when the collector decided and sent it, if remembered


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
    halted: bool
    last_verdict: VerdictBody | None  # what the agent was told last (often CONTINUE after a nudge)
    strongest_verdict: VerdictBody | None  # the strongest it was told so far (the latest among equals)
    input_tokens: int = 0
    output_tokens: int = 0
    ended_unix_s: float | None = None  # set while the session is ended (sessions.idle_close_s)
    end_reason: str | None = None
    cwd: str | None = None  # a coding CLI's working directory, where content is kept
    last_hook_decision: HookDecisionBody | None = None  # a coding CLI's last deny / context / stop

    @classmethod
    def of(cls, r: SessionRecord, tenant: str = ANONYMOUS) -> SessionSummary:
        """The record as ``tenant`` sees it: its own ids, without the tenant prefix."""
        return cls(
            trace_id=public_id(tenant, r.trace_id) or "",
            agent=r.agent,
            conversation_id=public_id(tenant, r.conversation_id),
            mode=r.mode,
            steps=r.steps,
            tool_calls=r.tool_calls,
            started_unix_s=r.started_unix_s,
            last_seen_unix_s=r.last_seen_unix_s,
            looping=r.looping,
            runaway=r.runaway,
            halted=r.state.policy.halted,
            last_verdict=VerdictBody.of(r.last_verdict) if r.last_verdict else None,
            strongest_verdict=VerdictBody.of(strongest) if (strongest := strongest_verdict_of(r)) else None,
            input_tokens=r.input_tokens,
            output_tokens=r.output_tokens,
            ended_unix_s=r.ended_unix_s,
            end_reason=r.end_reason,
            cwd=r.cwd,
            last_hook_decision=HookDecisionBody.of(hooks[-1])
            if (hooks := r.timeline.hook_decisions)
            else None,
        )


class SessionDetail(SessionSummary):
    events: int
    turn: int
    step_open: bool
    detector_errors: int
    findings: list[FindingBody]
    verdicts: list[SentVerdictBody]
    timeline: list[TimelineStepBody]  # the last steps, oldest first (bounded)
    hook_decisions: list[HookDecisionBody]  # a coding CLI's hook answers that decided something
    activity: Activity  # live, idle or ended (exporters/session_activity.py)

    @classmethod
    def of(
        cls, r: SessionRecord, tenant: str = ANONYMOUS, *, timeline_steps: int | None = None
    ) -> SessionDetail:
        """``timeline_steps``: the last steps of the step log shown (``sessions.timeline_steps``);
        None shows every step it keeps."""
        s = r.state
        steps = r.timeline.steps if timeline_steps is None else r.timeline.last(timeline_steps)
        return cls(
            **SessionSummary.of(r, tenant).model_dump(),
            events=s.events,
            turn=s.turn,
            step_open=s.open_step is not None,
            detector_errors=s.detector_errors,
            findings=[FindingBody.of(f) for f in s.findings],
            verdicts=[
                SentVerdictBody(**VerdictBody.of(v).model_dump(), sent_unix_s=r.timeline.sent_at(v))
                for v in r.verdicts
            ],
            timeline=[TimelineStepBody.of(step) for step in steps],
            hook_decisions=[HookDecisionBody.of(sent) for sent in r.timeline.hook_decisions],
            activity=activity_of(r, time.time()),
        )


class SessionList(BaseModel):
    sessions: list[SessionSummary]


def create_rest_app(
    pipeline: Pipeline,
    renderer: MetricsRenderer,
    *,
    is_ready: Callable[[], bool],
    extra_routers: tuple[APIRouter, ...] = (),
    evaluator: EvaluateRunner | None = None,
) -> FastAPI:
    """The REST app; ``is_ready`` backs ``/readyz`` (false before start and while stopping);
    ``/metrics`` comes from ``renderer`` (off the event loop); ``POST /v1/evaluate`` runs through
    ``evaluator`` (bounded, sliced, ahead of ingest)."""
    runner = evaluator or EvaluateRunner(pipeline, limits=EvaluateLimits.of(LimitsConfig()))
    app = FastAPI(
        title="loopwatch collector", version="0.1.0", description=__doc__, docs_url=None, redoc_url=None
    )
    for router in extra_routers:
        app.include_router(router)
    app.include_router(hooks_router(HookService(pipeline, priority=runner.priority, content=runner.content)))
    app.include_router(ui_router())  # the session page (/ui): static files over the routes below

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
        """Prometheus exposition; OpenMetrics when the scraper accepts it (exemplars, if on, of
        the caller's tenant only)."""
        gzip = "gzip" in request.headers.get("accept-encoding", "")
        rendered = await renderer.render(request.headers.get("accept", ""), CURRENT_TENANT.get(), gzip=gzip)
        headers = {"Content-Encoding": "gzip"} if rendered.gzipped else None
        return Response(rendered.body, media_type=rendered.content_type, headers=headers)

    @app.get("/v1/sessions", tags=["sessions"])
    async def list_sessions(
        state: Literal["looping", "runaway", "halted"] | None = None,
        agent: str | None = None,
        limit: int = Query(default=100, ge=1, le=MAX_LIST_LIMIT),
    ) -> SessionList:
        """``tenant``'s live sessions, most recently seen first, optionally of one state and one
        agent; at most ``MAX_LIST_LIMIT`` a page, found among the tenant's
        ``sessions.list_max_scan`` most recent."""
        tenant = current_tenant()
        try:
            records = await pipeline.list_sessions(state=state, agent=agent, limit=limit, tenant=tenant)
        except StoreError as exc:
            raise unavailable(exc) from exc
        return SessionList(sessions=[SessionSummary.of(r, tenant) for r in records])

    @app.get("/v1/sessions/{trace_id}", tags=["sessions"], responses={404: {"description": "unknown"}})
    async def get_session(trace_id: str) -> SessionDetail:
        """One session: counts, findings and verdict history."""
        tenant = current_tenant()
        record = await _session_of(pipeline, tenant, trace_id)
        return SessionDetail.of(record, tenant, timeline_steps=pipeline.config.sessions.timeline_steps)

    @app.get(
        "/v1/sessions/{trace_id}/scenario",
        tags=["sessions"],
        responses={404: {"description": "unknown"}, 409: {"description": "step log off"}},
    )
    async def get_session_scenario(trace_id: str) -> dict[str, Any]:
        """The session as an unlabelled scenario (``exporters/session_scenario.py``)."""
        if not pipeline.config.sessions.step_log_max_events:
            raise HTTPException(
                status_code=409,
                detail="the step log is off (sessions.step_log_max_events: 0): no events kept to export",
            )
        tenant = current_tenant()
        return session_scenario(await _session_of(pipeline, tenant, trace_id), tenant)

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
        body = await read_json_body(request, runner.limits.max_bytes, setting="limits.evaluate_max_bytes")
        try:
            message = await runner.parse_json(current_tenant(), body)
            trace, verdict = await runner.run(current_tenant(), message)
        except EvaluateTooLargeError as exc:
            raise HTTPException(status_code=413, detail=str(exc)) from exc
        except (WireError, MalformedEvaluateError) as exc:
            raise HTTPException(status_code=400, detail=str(exc)) from exc
        except StoreError as exc:
            raise unavailable(exc) from exc
        return EvaluateResponse(
            **VerdictBody.of(verdict).model_dump(), trace_id=trace.trace_id, agent=trace.agent
        )

    return app


async def _session_of(pipeline: Pipeline, tenant: str, trace_id: str) -> SessionRecord:
    """``tenant``'s session ``trace_id``; 404 when unknown, 503 when the store is down. Another
    tenant's trace is another key, so it answers 404 exactly like an unknown one."""
    try:
        record = await pipeline.get_session(session_key(tenant, trace_id))
    except StoreError as exc:
        raise unavailable(exc) from exc
    if record is None:
        raise HTTPException(status_code=404, detail=f"no live session for trace_id {trace_id!r}")
    return record
