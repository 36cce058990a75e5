"""API keys: loaded from the config, a secrets file and the environment, kept hashed.

``ApiKeys.tenant_of(token)`` answers which tenant a presented key belongs to. Only SHA-256
digests are held; a presented key is hashed and compared with every stored digest using
``hmac.compare_digest`` (no early exit on the first differing byte, no dict probe keyed by the
secret), so the time taken says nothing about how close a guess was.

Thread-safe (immutable after construction).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from loopwatch_collector.environment_variables import LOOPWATCH_API_KEYS as API_KEYS_ENV
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security.settings import AuthConfig, check_tenant_name

BEARER = "bearer "


def hash_key(key: str) -> bytes:
    """The SHA-256 digest a key is stored as (``sha256sum`` of the key's UTF-8 bytes)."""
    return hashlib.sha256(key.encode("utf-8")).digest()


class ApiKeys:
    """Digest -> tenant; ``enabled`` is false when no key is configured."""

    def __init__(self, entries: Iterable[tuple[bytes, str]]) -> None:
        self._entries: tuple[tuple[bytes, str], ...] = tuple(entries)
        self.tenants: frozenset[str] = frozenset(t for _, t in self._entries)

    @property
    def enabled(self) -> bool:
        return bool(self._entries)

    def tenant_of(self, key: str) -> str | None:
        """The tenant owning ``key``, or ``None``; constant time in the key's content."""
        digest = hash_key(key)
        found: str | None = None
        for stored, tenant in self._entries:
            if hmac.compare_digest(stored, digest):
                found = tenant
        return found

    def tenant_of_header(self, value: str | None) -> str | None:
        """The tenant of an ``Authorization: Bearer <key>`` header value, or ``None``."""
        if not value or value[: len(BEARER)].lower() != BEARER:
            return None
        key = value[len(BEARER) :].strip()
        return self.tenant_of(key) if key else None


def load_api_keys(config: AuthConfig, environ: Mapping[str, str] | None = None) -> ApiKeys:
    """Keys from ``auth.keys`` (hashes), ``auth.keys_file`` and ``LOOPWATCH_API_KEYS``.

    Raises ``ConfigError`` naming the source of a bad entry.
    """
    environ = os.environ if environ is None else environ
    entries = [(bytes.fromhex(k.sha256), k.tenant) for k in config.keys]
    if config.keys_file is not None:
        try:
            text = Path(config.keys_file).read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"auth.keys_file: {exc}") from exc
        # One entry per line or comma-separated (a secret made from LOOPWATCH_API_KEYS's value).
        lines = [line.strip() for line in text.splitlines() if not line.strip().startswith("#")]
        items = (item.strip() for line in lines for item in line.split(","))
        entries += _plain((item for item in items if item), source="auth.keys_file")
    raw = environ.get(API_KEYS_ENV, "").strip()
    if raw:
        entries += _plain((item.strip() for item in raw.split(",") if item.strip()), source=API_KEYS_ENV)
    return ApiKeys(entries)


def _plain(items: Iterable[str], *, source: str) -> list[tuple[bytes, str]]:
    out: list[tuple[bytes, str]] = []
    for n, item in enumerate(items, start=1):
        tenant, sep, key = item.partition(":")
        if not sep or not key.strip():
            raise ConfigError(f"{source}: entry {n} must be 'tenant:key'")
        try:
            check_tenant_name(tenant.strip())
        except ValueError as exc:
            raise ConfigError(f"{source}: entry {n}: {exc}") from exc
        out.append((hash_key(key.strip()), tenant.strip()))
    return out
