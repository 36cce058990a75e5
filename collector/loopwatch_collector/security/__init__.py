"""Security of the collector: who may call (API keys -> tenants), what each tenant may see and
spend, and safe exposure. See ``SECURITY.md`` at the repository root for the threat model.

- ``settings``: the ``auth:`` configuration section;
- ``keys``: API keys, held as SHA-256 digests, compared in constant time;
- ``grpc_auth`` / ``http_auth``: authentication of every gRPC call and HTTP request (deny by
  default, explicit open lists: gRPC health, ``/healthz``, ``/readyz``, optionally ``/metrics``);
- ``tenancy``: the calling tenant (``current_tenant()``) and the one function building session
  keys from (tenant, id);
- ``quota``: per-tenant live-session and ingest-rate bounds;
- ``admission``: capacity budgets per peer address (unauthenticated work) and per tenant;
- ``connections``: connection limits and timeouts of every listener (``limits:``);
- ``exposure``: refusing a non-loopback listener without authentication;
- ``audit``: counting and rate-limited logging of refusals.
"""

from __future__ import annotations

from loopwatch_collector.security.audit import AuthFailures, RateLimitedLog
from loopwatch_collector.security.exposure import check_exposure, is_loopback
from loopwatch_collector.security.grpc_auth import AuthInterceptor
from loopwatch_collector.security.http_auth import ApiKeyMiddleware, rest_open_paths
from loopwatch_collector.security.keys import ApiKeys, hash_key, load_api_keys
from loopwatch_collector.security.quota import IngestRateLimiter, TenantQuotaStore, session_shares
from loopwatch_collector.security.settings import AuthConfig, TenantConfig
from loopwatch_collector.security.tenancy import (
    ANONYMOUS,
    current_tenant,
    owned_by,
    public_id,
    scoped_context,
    session_key,
)

__all__ = [
    "ANONYMOUS",
    "ApiKeyMiddleware",
    "ApiKeys",
    "AuthConfig",
    "AuthFailures",
    "AuthInterceptor",
    "IngestRateLimiter",
    "RateLimitedLog",
    "TenantConfig",
    "TenantQuotaStore",
    "check_exposure",
    "current_tenant",
    "hash_key",
    "is_loopback",
    "load_api_keys",
    "owned_by",
    "public_id",
    "rest_open_paths",
    "scoped_context",
    "session_key",
    "session_shares",
]
