"""``POST /v1/hooks/{agent}``: coding-agent CLIs' hook calls on the REST port.

Translation only: the body (the CLI's hook JSON, or ``loopwatch hook``'s copy of it) goes to the
agent's module for parsing, to ``HookService`` for the verdict, and back in the CLI's answer
format. Authenticated and tenant-scoped by the REST app's middleware like every route (the
session is the caller's tenant's). Errors: 404 for an agent not in ``AGENTS``, 415 for a
non-JSON content type, 413 over ``MAX_HOOK_BODY_BYTES``, 400 naming the field of a malformed
body, 503 with ``Retry-After`` when the store is down (every CLI proceeds on a non-2xx answer).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from loopwatch.hooks import claude_code, codex, gemini_cli
from loopwatch.hooks.mapping import MAX_HOOK_BODY_BYTES
from loopwatch.wire import WireError
from loopwatch_collector.exceptions import StoreError
from loopwatch_collector.receivers.hooks.service import AgentHooks, HookService
from loopwatch_collector.receivers.http_body import read_json_body, unavailable
from loopwatch_collector.security.tenancy import current_tenant

#: The CLIs served, by the ``{agent}`` of the path.
AGENTS: dict[str, AgentHooks] = {
    claude_code.AGENT: AgentHooks(parse=claude_code.parse, render=claude_code.render),
    codex.AGENT: AgentHooks(parse=codex.parse, render=codex.render),
    gemini_cli.AGENT: AgentHooks(parse=gemini_cli.parse, render=gemini_cli.render),
}


def hooks_router(service: HookService) -> APIRouter:
    """The hooks route over ``service``; include it in the REST app (behind its auth middleware)."""
    router = APIRouter(tags=["hooks"])

    @router.post(
        "/v1/hooks/{agent}",
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"type": "object"}}},
                "description": "the CLI's hook JSON (see docs/coding-agents.md)",
            }
        },
        responses={400: {}, 404: {}, 413: {}, 415: {}, 503: {}},
    )
    async def hook(agent: str, request: Request) -> dict[str, Any]:
        """One hook call of a coding CLI; the answer is in that CLI's own hook-output format."""
        hooks = AGENTS.get(agent)
        if hooks is None:
            known = ", ".join(sorted(AGENTS))
            raise HTTPException(status_code=404, detail=f"unknown agent {agent!r}: one of {known}")
        body = await read_json_body(request, MAX_HOOK_BODY_BYTES)
        try:
            payload = json.loads(body)
        except (ValueError, RecursionError) as exc:
            raise HTTPException(status_code=400, detail=f"body: not JSON: {exc}") from exc
        if not isinstance(payload, dict):
            raise HTTPException(status_code=400, detail="body: must be a JSON object")
        try:
            return await service.answer(hooks, payload, current_tenant())
        except WireError as exc:  # HookError included
            raise HTTPException(status_code=400, detail=str(exc)) from exc
        except StoreError as exc:
            raise unavailable(exc) from exc

    return router
