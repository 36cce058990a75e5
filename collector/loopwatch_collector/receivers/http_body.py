"""JSON request bodies and store outages on the REST port, for every route that takes a body.

Event-loop only (FastAPI route helpers); they raise ``HTTPException`` for FastAPI to answer.
"""

from __future__ import annotations

from fastapi import HTTPException, Request

from loopwatch_collector.exceptions import StoreError

_RETRY_AFTER_S = "1"


async def read_json_body(request: Request, limit: int, *, setting: str = "") -> bytes:
    """The body of a JSON request: 415 unless ``application/json``, 413 past ``limit`` bytes
    (naming ``setting``, the configuration key of the limit, when there is one). The body is
    read as it streams in and refused as soon as it is known to be over the limit."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise HTTPException(status_code=415, detail="content-type must be application/json")
    too_large = HTTPException(
        status_code=413, detail=f"body larger than {limit} bytes" + (f" ({setting})" if setting else "")
    )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def unavailable(exc: StoreError) -> HTTPException:
    """503 with ``Retry-After`` for a session store that is down (the agent fails open)."""
    return HTTPException(
        status_code=503, detail=f"session store unavailable: {exc}", headers={"Retry-After": _RETRY_AFTER_S}
    )
