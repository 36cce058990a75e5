"""API keys: loaded from the config, a secrets file and the environment, kept hashed.

``ApiKeys.tenant_of(token)`` answers which tenant a presented key belongs to. Only SHA-256
digests are held, in a dict from digest to tenant: a presented key is hashed and its digest
looked up, so authentication costs the same with 2 keys or 100 000. The lookup's timing
says nothing about the secret: the secret itself is never compared, only its digest; the dict
compares Python's per-process randomised hash of that digest before any bytes, so a byte-wise
comparison runs only on a 64-bit hash match; and even a stored digest learnt in full would
need a SHA-256 preimage to be used as a key.

One key configured for two tenants is refused at load (``ConfigError``), since whichever won
would silently give one tenant the other's data.

Thread-safe (immutable after construction).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from loopwatch_collector.environment_variables import LOOPWATCH_API_KEYS as API_KEYS_ENV
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security.settings import AuthConfig, check_tenant_name

BEARER = "bearer "


def hash_key(key: str) -> bytes:
    """The SHA-256 digest a key is stored as (``sha256sum`` of the key's UTF-8 bytes)."""
    return hashlib.sha256(key.encode("utf-8")).digest()


@dataclass(frozen=True, slots=True, kw_only=True)
class KeyEntry:
    """One configured key: its digest, its tenant and where it was configured (for errors)."""

    digest: bytes
    tenant: str
    source: str


class ApiKeys:
    """Digest -> tenant; ``enabled`` is false when no key is configured.

    Raises ``ConfigError`` naming both sources when one digest belongs to two tenants (the
    same key twice for one tenant, say in the file and the environment during a rotation, is
    accepted).
    """

    def __init__(self, entries: Iterable[KeyEntry]) -> None:
        by_digest: dict[bytes, KeyEntry] = {}
        for entry in entries:
            first = by_digest.setdefault(entry.digest, entry)
            if first.tenant != entry.tenant:
                raise ConfigError(
                    f"{entry.source}: the same key is configured for tenants '{first.tenant}' "
                    f"({first.source}) and '{entry.tenant}'; give each tenant its own key"
                )
        self._tenant_by_digest: dict[bytes, str] = {d: e.tenant for d, e in by_digest.items()}
        self.tenants: frozenset[str] = frozenset(self._tenant_by_digest.values())

    @property
    def enabled(self) -> bool:
        return bool(self._tenant_by_digest)

    def tenant_of(self, key: str) -> str | None:
        """The tenant owning ``key``, or ``None``; O(1) in the number of keys, and the time
        taken says nothing about how close a guess was."""
        return self._tenant_by_digest.get(hash_key(key))

    def tenant_of_header(self, value: str | None) -> str | None:
        """The tenant of an ``Authorization: Bearer <key>`` header value, or ``None``."""
        if not value or value[: len(BEARER)].lower() != BEARER:
            return None
        key = value[len(BEARER) :].strip()
        return self.tenant_of(key) if key else None


def load_api_keys(config: AuthConfig, environ: Mapping[str, str] | None = None) -> ApiKeys:
    """Keys from ``auth.keys`` (hashes), ``auth.keys_file`` and ``LOOPWATCH_API_KEYS``.

    Raises ``ConfigError`` naming the source of a bad entry, or both sources of a key
    configured for two tenants.
    """
    environ = os.environ if environ is None else environ
    entries = [
        KeyEntry(digest=bytes.fromhex(k.sha256), tenant=k.tenant, source=f"auth.keys: entry {n}")
        for n, k in enumerate(config.keys, start=1)
    ]
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


def _plain(items: Iterable[str], *, source: str) -> list[KeyEntry]:
    out: list[KeyEntry] = []
    for n, item in enumerate(items, start=1):
        tenant, sep, key = item.partition(":")
        if not sep or not key.strip():
            raise ConfigError(f"{source}: entry {n} must be 'tenant:key'")
        try:
            check_tenant_name(tenant.strip())
        except ValueError as exc:
            raise ConfigError(f"{source}: entry {n}: {exc}") from exc
        entry = KeyEntry(digest=hash_key(key.strip()), tenant=tenant.strip(), source=f"{source}: entry {n}")
        out.append(entry)
    return out
