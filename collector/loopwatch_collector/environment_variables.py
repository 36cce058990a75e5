"""Environment variables read by ``loopwatch serve``; every name the collector reads is here.

Precedence, highest first: command-line flags, these environment variables, the YAML file
(``--config`` or ``LOOPWATCH_CONFIG``), built-in defaults. Deploy manifests (compose,
Kubernetes) should use these names.
"""

from __future__ import annotations

LOOPWATCH_CONFIG = "LOOPWATCH_CONFIG"
"""Path of the YAML configuration file. Default: none (built-in defaults)."""

LOOPWATCH_HOST = "LOOPWATCH_HOST"
"""Address every listener binds. Default ``127.0.0.1``; any other address needs API keys or
``LOOPWATCH_INSECURE=true``."""

LOOPWATCH_GRPC_PORT = "LOOPWATCH_GRPC_PORT"
"""gRPC port (OTLP TraceService, LoopGuard, health, reflection). Default ``4317``; 0 = any free port."""

LOOPWATCH_HTTP_PORT = "LOOPWATCH_HTTP_PORT"
"""REST API and ``/metrics`` port. Default ``8080``; 0 = any free port."""

LOOPWATCH_OTLP_HTTP_PORT = "LOOPWATCH_OTLP_HTTP_PORT"
"""OTLP/HTTP (``POST /v1/traces``) port. Default ``4318``; 0 = any free port."""

LOOPWATCH_STORE = "LOOPWATCH_STORE"
"""Session store backend: ``memory`` (default) or ``redis``."""

LOOPWATCH_REDIS_URL = "LOOPWATCH_REDIS_URL"
"""Redis URL for ``store: redis``. Default ``redis://localhost:6379/0``."""

LOOPWATCH_SESSION_TTL_S = "LOOPWATCH_SESSION_TTL_S"
"""Seconds after which an idle session (trace) is dropped. Default ``3600``."""

LOOPWATCH_MAX_SESSIONS = "LOOPWATCH_MAX_SESSIONS"
"""Bound on live sessions in memory; the least recently used is evicted. Default ``100000``."""

LOOPWATCH_MODE = "LOOPWATCH_MODE"
"""Default mode for agents without their own: ``enforce`` (default) or ``shadow``."""

LOOPWATCH_LOG_LEVEL = "LOOPWATCH_LOG_LEVEL"
"""Log level of ``loopwatch serve`` (``DEBUG`` .. ``ERROR``). Default ``WARNING`` (quiet)."""

LOOPWATCH_EXTERNAL_URL = "LOOPWATCH_EXTERNAL_URL"
"""Base URL of the REST port as people reach it (``ui.external_url``), e.g.
``https://loopwatch.example.com``: alert annotations and dashboard links to the session page
(``/ui``) start with it. Default: unset (the links are relative)."""
LOOPWATCH_INSECURE = "LOOPWATCH_INSECURE"
"""``true`` to serve a non-loopback address without API keys (``listen.insecure``). Default false."""

LOOPWATCH_API_KEYS = "LOOPWATCH_API_KEYS"
"""API keys as ``tenant:key,tenant:key`` (hashed on load, never logged). Default: none."""

LOOPWATCH_API_KEYS_FILE = "LOOPWATCH_API_KEYS_FILE"
"""A file of ``tenant:key`` lines, e.g. a mounted secret (``auth.keys_file``). Default: none."""

ALL = (
    LOOPWATCH_CONFIG,
    LOOPWATCH_HOST,
    LOOPWATCH_GRPC_PORT,
    LOOPWATCH_HTTP_PORT,
    LOOPWATCH_OTLP_HTTP_PORT,
    LOOPWATCH_STORE,
    LOOPWATCH_REDIS_URL,
    LOOPWATCH_SESSION_TTL_S,
    LOOPWATCH_MAX_SESSIONS,
    LOOPWATCH_MODE,
    LOOPWATCH_LOG_LEVEL,
    LOOPWATCH_EXTERNAL_URL,
    LOOPWATCH_INSECURE,
    LOOPWATCH_API_KEYS,
    LOOPWATCH_API_KEYS_FILE,
)
