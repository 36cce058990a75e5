"""The remote verdict service: ``LoopGuard.Evaluate`` over gRPC, with a deadline.

One channel per service (connection reuse; HTTP/2 multiplexes concurrent calls), one more per
asyncio event loop for async callers (``grpc.aio`` channels belong to a loop). No retries on
the hot path: gRPC's own retries are switched off and a failed call raises ``RemoteGuardError``
at once; the guard turns that into its failure policy. A collector that went away is tried
again on the next call, with the reconnect backoff capped so it is found again within seconds.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import grpc

from loopwatch import wire
from loopwatch._verdict_service import Checkpoint, EvaluateRequest
from loopwatch.verdict import Verdict
from loopwatch.wire import pb, pb_grpc

_CHANNEL_OPTIONS: list[tuple[str, Any]] = [
    ("grpc.enable_retries", 0),  # the deadline is tens of ms: a retry would only miss it
    # After the collector restarts the agent should find it in seconds, not the default 2 min.
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 2000),
]

# Content fields are clipped on the way out: detectors work from fingerprints and sketches
# computed in this process, so beyond evidence size the collector gains nothing from content,
# while a 10 MB argument re-sent every step would never fit the deadline (and stay pending,
# re-sent forever). 256 pending events x (8 KB text + 4 KB arguments) stays under 4 MiB.
MAX_TEXT_CHARS = 8192
MAX_ARGUMENT_CHARS = wire.MAX_EVIDENCE_CHARS

_CHECKPOINTS = {
    Checkpoint.AFTER_BATCH: pb.CHECKPOINT_AFTER_BATCH,
    Checkpoint.BEFORE_TOOL_CALL: pb.CHECKPOINT_BEFORE_TOOL_CALL,
}
_UNAVAILABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.CANCELLED}


class RemoteGuardError(Exception):
    """No verdict from the collector; ``reason`` is timeout, unavailable, bad_response or error."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


class RemoteVerdictService:
    """Asks the collector at ``endpoint`` (``host:port``). Thread-safe; ``close`` idempotent."""

    def __init__(
        self,
        endpoint: str,
        *,
        timeout_s: float,
        api_key: str | None = None,
        credentials: grpc.ChannelCredentials | None = None,
    ) -> None:
        if not endpoint or ":" not in endpoint:
            raise ValueError(f"endpoint must be 'host:port', got {endpoint!r}")
        if not timeout_s > 0:
            raise ValueError(f"timeout_s must be > 0, got {timeout_s!r}")
        self.endpoint = endpoint.removeprefix("http://").removeprefix("grpc://")
        self.timeout_s = timeout_s
        # Sent with every call: the collector maps the key to a tenant (``authorization``
        # metadata, the same header OTLP exporters send with OTEL_EXPORTER_OTLP_HEADERS).
        self._metadata: tuple[tuple[str, str], ...] = (
            (("authorization", f"Bearer {api_key}"),) if api_key else ()
        )
        self._credentials = credentials  # None: plaintext (a collector on localhost)
        self._lock = threading.Lock()
        self._channel: grpc.Channel | None = None
        self._stub: Any = None
        self._aio: tuple[asyncio.AbstractEventLoop, Any, Any] | None = None
        self._closed = False

    def wait_ready(self, timeout_s: float = 5.0) -> bool:
        """Connect now (outside the hot path); True when the channel is ready in time."""
        self._sync_stub()
        assert self._channel is not None
        try:
            grpc.channel_ready_future(self._channel).result(timeout=timeout_s)
        except grpc.FutureTimeoutError:
            return False
        return True

    def evaluate(self, request: EvaluateRequest) -> Verdict:
        message = encode_request(request)
        try:
            reply = self._sync_stub().Evaluate(message, timeout=self.timeout_s, metadata=self._metadata)
        except grpc.RpcError as exc:
            raise _failure(exc) from exc
        return _decode(reply)

    async def aevaluate(self, request: EvaluateRequest) -> Verdict:
        message = encode_request(request)
        try:
            reply = await self._aio_stub().Evaluate(message, timeout=self.timeout_s, metadata=self._metadata)
        except grpc.RpcError as exc:
            raise _failure(exc) from exc
        return _decode(reply)

    def close(self) -> None:
        with self._lock:
            channel, self._channel, self._stub = self._channel, None, None
            self._aio = None
            self._closed = True
        if channel is not None:
            channel.close()

    def _sync_stub(self) -> Any:
        with self._lock:
            if self._closed:
                raise RemoteGuardError("error", "the guard was closed")
            if self._stub is None:
                if self._credentials is not None:
                    self._channel = grpc.secure_channel(
                        self.endpoint, self._credentials, options=_CHANNEL_OPTIONS
                    )
                else:
                    self._channel = grpc.insecure_channel(self.endpoint, options=_CHANNEL_OPTIONS)
                self._stub = pb_grpc.LoopGuardStub(self._channel)
            return self._stub

    def _aio_stub(self) -> Any:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self._closed:
                raise RemoteGuardError("error", "the guard was closed")
            if self._aio is None or self._aio[0] is not loop:
                if self._credentials is not None:
                    channel = grpc.aio.secure_channel(
                        self.endpoint, self._credentials, options=_CHANNEL_OPTIONS
                    )
                else:
                    channel = grpc.aio.insecure_channel(self.endpoint, options=_CHANNEL_OPTIONS)
                self._aio = (loop, channel, pb_grpc.LoopGuardStub(channel))
            return self._aio[2]

    def _new_channel(self, module: Any) -> Any:
        """A channel from ``module`` (``grpc`` or ``grpc.aio``): TLS when credentials are set."""
        if self._credentials is not None:
            return module.secure_channel(self.endpoint, self._credentials, options=_CHANNEL_OPTIONS)
        return module.insecure_channel(self.endpoint, options=_CHANNEL_OPTIONS)


def encode_request(request: EvaluateRequest) -> pb.EvaluateRequest:
    """The ``EvaluateRequest`` message for ``request``, content fields clipped (see above)."""
    context = request.context
    message = pb.EvaluateRequest(
        trace_id=context.trace_id,
        agent=context.agent,
        conversation_id=context.conversation_id or "",
        events=wire.events_to_proto(request.events),
        checkpoint=_CHECKPOINTS[request.checkpoint],
        span_id=request.span_id or "",
    )
    if request.pending_call is not None:
        message.pending_call.CopyFrom(wire.tool_call_to_proto(request.pending_call))
        _clip_call(message.pending_call)
    for event in message.events:
        if event.HasField("step"):
            if event.step.HasField("text") and len(event.step.text) > MAX_TEXT_CHARS:
                event.step.text = event.step.text[:MAX_TEXT_CHARS]
            for call in event.step.tool_calls:
                _clip_call(call)
    return message


def _clip_call(call: pb.ToolCall) -> None:
    if call.HasField("arguments") and len(call.arguments) > MAX_ARGUMENT_CHARS:
        call.arguments = call.arguments[:MAX_ARGUMENT_CHARS]


def _decode(reply: pb.Verdict) -> Verdict:
    try:
        return wire.verdict_from_proto(reply)
    except wire.WireError as exc:
        raise RemoteGuardError("bad_response", str(exc)) from exc


def _failure(exc: grpc.RpcError) -> RemoteGuardError:
    # Errors raised by a call are also ``grpc.Call``s; the stubs cannot express that.
    code_of = getattr(exc, "code", None)
    code = code_of() if callable(code_of) else None
    details_of = getattr(exc, "details", None)
    details = details_of() if callable(details_of) else ""
    if code is grpc.StatusCode.DEADLINE_EXCEEDED:
        return RemoteGuardError("timeout", "no verdict within the deadline")
    if code in _UNAVAILABLE:
        return RemoteGuardError("unavailable", f"{code}: {details}")
    return RemoteGuardError("error", f"{code or type(exc).__name__}: {details}")


def tls_credentials(
    ca_file: str | None = None, cert_file: str | None = None, key_file: str | None = None
) -> grpc.ChannelCredentials:
    """Channel credentials trusting ``ca_file`` (default: the system's roots), presenting
    ``cert_file`` / ``key_file`` as the client certificate when the collector requires one
    (mTLS). Raises ``ValueError`` naming an unreadable file or an incomplete pair."""
    if (cert_file is None) != (key_file is None):
        raise ValueError("tls_cert_file and tls_key_file go together")

    def read(path: str | None, name: str) -> bytes | None:
        if path is None:
            return None
        try:
            with open(path, "rb") as f:
                return f.read()
        except OSError as exc:
            raise ValueError(f"{name}: {exc}") from exc

    return grpc.ssl_channel_credentials(
        root_certificates=read(ca_file, "tls_ca_file"),
        private_key=read(key_file, "tls_key_file"),
        certificate_chain=read(cert_file, "tls_cert_file"),
    )
