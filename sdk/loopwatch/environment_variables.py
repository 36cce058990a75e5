"""Environment variables read by the loopwatch SDK (``loopwatch.init`` only; explicit
arguments always win). The standard ``OTEL_*`` variables are honoured too, by the OpenTelemetry
SDK itself: ``OTEL_SERVICE_NAME``, ``OTEL_RESOURCE_ATTRIBUTES``, ``OTEL_EXPORTER_OTLP_ENDPOINT``
/ ``..._TRACES_ENDPOINT``, ``OTEL_EXPORTER_OTLP_PROTOCOL`` / ``..._TRACES_PROTOCOL``,
``OTEL_EXPORTER_OTLP_HEADERS``, ``OTEL_BSP_*`` and ``OTEL_SDK_DISABLED``.
"""

from __future__ import annotations

LOOPWATCH_ENDPOINT = "LOOPWATCH_ENDPOINT"
"""Address of the loopwatch collector's gRPC port, ``host:port`` (e.g. ``localhost:4317``).

Used for the remote guard (``LoopGuard.Evaluate``) and, unless ``OTEL_EXPORTER_OTLP_*ENDPOINT``
says otherwise, for OTLP/gRPC span export. Default: unset, which means a local (in-process)
guard and OTLP export only if the ``OTEL_*`` variables configure it.
"""

LOOPWATCH_AGENT_NAME = "LOOPWATCH_AGENT_NAME"
"""The agent name put on spans (``gen_ai.agent.name``) and sent with verdict requests.
Default: the service name, else ``"agent"``."""

LOOPWATCH_CAPTURE_CONTENT = "LOOPWATCH_CAPTURE_CONTENT"
"""``true`` to record message text, tool arguments and tool results on spans and in verdict
requests. Default ``false`` (privacy mode: fingerprints and sketches only), as the GenAI
conventions require. ``OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`` is read as a
fallback (``true`` / ``SPAN_ONLY`` / ``SPAN_AND_EVENT`` turn capture on)."""

LOOPWATCH_GUARD = "LOOPWATCH_GUARD"
"""Guard mode: ``remote`` (ask the collector), ``local`` (in-process engine) or ``off``.
Default: ``remote`` when an endpoint is known, else ``local``."""

LOOPWATCH_GUARD_TIMEOUT_MS = "LOOPWATCH_GUARD_TIMEOUT_MS"
"""Deadline of one remote verdict request, in milliseconds. Default 50."""

LOOPWATCH_FAIL_CLOSED = "LOOPWATCH_FAIL_CLOSED"
"""``true`` to raise ``GuardUnavailable`` when the remote guard cannot answer in time.
Default ``false``: fail open (CONTINUE, logged once, counted)."""

LOOPWATCH_MODE = "LOOPWATCH_MODE"
"""``enforce`` (verdicts are returned and applied) or ``shadow`` (verdicts are computed,
recorded on spans and counted, but the agent always gets CONTINUE). Default ``enforce``."""

LOOPWATCH_API_KEY = "LOOPWATCH_API_KEY"
"""API key of the collector (its ``auth`` section maps it to a tenant), sent as
``authorization: Bearer <key>`` by the remote guard and the OTLP span exporter. Default: unset
(no key; a collector on loopback without keys accepts that)."""

LOOPWATCH_TLS_CA_FILE = "LOOPWATCH_TLS_CA_FILE"
"""PEM file of the CA that signed the collector's certificate: connect over TLS (guard channel
and OTLP exporter). Default: unset (plaintext, for a collector on localhost)."""

LOOPWATCH_TLS_CERT_FILE = "LOOPWATCH_TLS_CERT_FILE"
"""Client certificate (PEM) for a collector that requires mutual TLS; with
``LOOPWATCH_TLS_KEY_FILE``. Default: unset."""

LOOPWATCH_TLS_KEY_FILE = "LOOPWATCH_TLS_KEY_FILE"
"""Private key (PEM) of ``LOOPWATCH_TLS_CERT_FILE``. Default: unset."""

LOOPWATCH_HOOKS_URL = "LOOPWATCH_HOOKS_URL"
"""REST URL of the collector that ``loopwatch hook`` (the coding-agent command hook) asks, e.g.
``http://127.0.0.1:8080``. Default ``http://127.0.0.1:8080``."""

LOOPWATCH_HOOK_TIMEOUT_MS = "LOOPWATCH_HOOK_TIMEOUT_MS"
"""Deadline of one ``loopwatch hook`` call, in milliseconds: past it the CLI proceeds without a
decision. Default 1000."""
