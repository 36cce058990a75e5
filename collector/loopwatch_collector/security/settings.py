"""The ``auth:`` configuration section: API keys, tenants and their quotas.

::

    auth:
      keys:                                  # hashes only: the YAML file holds no secret
        - {tenant: team-a, sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08}
      keys_file: /run/secrets/loopwatch-keys # "tenant:key" per line or comma-separated (hashed on load)
      metrics_requires_key: false            # true: GET /metrics needs a key too
      tenants:                               # optional per-tenant limits
        team-a: {max_sessions: 5000, ingest_spans_per_s: 2000, ingest_bytes_per_s: 4000000, content: drop}
      content: keep                          # keep | clip | drop: default of the tenants

Keys also come from ``LOOPWATCH_API_KEYS`` (``tenant:key,tenant:key``). Authentication is on as
soon as one key is configured; with none, every caller is the anonymous tenant and the
collector refuses a non-loopback address unless ``listen.insecure`` is set (``exposure.py``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

# A tenant name appears in session keys (``tenant/trace id``), Redis keys and metric labels.
_TENANT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$")
_SHA256_HEX = re.compile(r"^[0-9a-f]{64}$")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def check_tenant_name(name: str) -> str:
    """``name`` if it is a valid tenant name, else ``ValueError`` saying what is allowed."""
    if not _TENANT_NAME.match(name):
        raise ValueError(
            f"tenant {name!r}: 1-63 characters, letters, digits, '_', '.', '-', not starting with a symbol"
        )
    return name


class HashedKey(_Model):
    """One API key, given as the lowercase hex SHA-256 of the key."""

    tenant: str
    sha256: str

    @field_validator("tenant")
    @classmethod
    def _tenant(cls, value: str) -> str:
        return check_tenant_name(value)

    @field_validator("sha256")
    @classmethod
    def _digest(cls, value: str) -> str:
        if not _SHA256_HEX.match(value):
            raise ValueError("must be 64 lowercase hex digits (sha256sum of the key)")
        return value


class TenantConfig(_Model):
    """Limits of one tenant; unset values fall back to the shares computed in ``quotas``."""

    #: Live sessions of this tenant; past it, its own least recently seen session is evicted.
    max_sessions: int | None = Field(default=None, ge=1)
    #: OTLP spans per second accepted from this tenant (a token bucket of one second); 0 = no limit.
    ingest_spans_per_s: float = Field(default=0.0, ge=0)
    #: OTLP request bytes per second accepted from this tenant, checked *before* the request is
    #: decoded (so a flood is refused before it costs the shared ingest worker anything); a
    #: token bucket of one second; 0 = no limit. Refused: UNAVAILABLE / 503 with a retry delay.
    ingest_bytes_per_s: float = Field(default=0.0, ge=0)
    #: What of the arguments, previews and text this tenant's agents send is kept (content.py).
    content: Literal["keep", "clip", "drop"] | None = None


class AuthConfig(_Model):
    #: API keys as ``{tenant, sha256}`` (the hex SHA-256 of the key): the file holds no secret.
    keys: tuple[HashedKey, ...] = ()
    #: A file of ``tenant:key`` lines (or comma-separated), e.g. a mounted secret; hashed on load.
    keys_file: Path | None = None
    #: True: ``GET /metrics`` needs a key too (it is open by default, for scrapers).
    metrics_requires_key: bool = False
    #: Content mode of tenants without their own (and of every caller without keys).
    content: Literal["keep", "clip", "drop"] = "keep"
    #: Per-tenant limits: ``max_sessions``, ``ingest_spans_per_s``, ``content``.
    tenants: dict[str, TenantConfig] = Field(default_factory=dict)

    @field_validator("tenants")
    @classmethod
    def _tenant_names(cls, value: dict[str, TenantConfig]) -> dict[str, TenantConfig]:
        for name in value:
            check_tenant_name(name)
        return value
