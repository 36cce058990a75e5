"""TLS for every listener (the ``tls:`` configuration section), reloaded without a restart.

::

    tls:
      cert_file: /etc/loopwatch/tls/tls.crt     # PEM chain; with key_file turns TLS on
      key_file: /etc/loopwatch/tls/tls.key
      client_ca_file: /etc/loopwatch/tls/ca.crt # optional: require client certificates (mTLS)
      reload_interval_s: 10                     # how often the files are checked for changes

gRPC serves ``grpc.dynamic_ssl_server_credentials``: gRPC asks ``TlsReloader.grpc_config`` at
each handshake and gets the new certificate once the files changed. The HTTP listeners keep
their ``ssl.SSLContext`` and have the new chain loaded into it, which new connections use.
Files are checked every ``reload_interval_s`` and on ``SIGHUP`` (``loopwatch serve``); a
half-written or invalid pair is refused with a warning and the previous one stays in use.

``check()`` runs on the event loop; ``grpc_config`` on gRPC's threads (it reads one tuple).
"""

from __future__ import annotations

import asyncio
import logging
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from pydantic import BaseModel, ConfigDict, Field, model_validator

logger = logging.getLogger(__name__)


class TlsConfig(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    #: Server certificate (PEM); with ``key_file``, every listener speaks TLS only.
    cert_file: Path | None = None
    #: The certificate's private key (PEM).
    key_file: Path | None = None
    #: CA (PEM) that client certificates must chain to: mutual TLS.
    client_ca_file: Path | None = None
    #: Seconds between checks of the files for renewal (also on SIGHUP).
    reload_interval_s: float = Field(default=10.0, gt=0)

    @model_validator(mode="after")
    def _pair(self) -> TlsConfig:
        if (self.cert_file is None) != (self.key_file is None):
            raise ValueError("cert_file and key_file go together")
        if self.client_ca_file is not None and self.cert_file is None:
            raise ValueError("client_ca_file needs cert_file and key_file")
        return self

    @property
    def enabled(self) -> bool:
        return self.cert_file is not None


@dataclass(frozen=True, slots=True)
class _Material:
    cert: bytes
    key: bytes
    client_ca: bytes | None
    stamp: tuple[tuple[int, int], ...]  # (mtime ns, size) per file: what "changed" compares


class TlsReloader:
    """The current certificate material and everything that must follow it."""

    def __init__(self, config: TlsConfig) -> None:
        if not config.enabled:
            raise ValueError("tls.cert_file and tls.key_file are required")
        self.config = config
        self._material = self._read()
        _validate(self._material, config)
        self._generation = 0
        self._served: int | None = None  # generation last handed to gRPC
        self._contexts: list[ssl.SSLContext] = []
        self.reloads = 0

    # --- gRPC -------------------------------------------------------------------------------

    def grpc_credentials(self) -> grpc.ServerCredentials:
        """Server credentials that pick up reloaded material at the next handshake."""
        return grpc.dynamic_ssl_server_credentials(
            self._grpc_configuration(),
            self.grpc_config,
            require_client_authentication=self.config.client_ca_file is not None,
        )

    def grpc_config(self) -> Any:
        """gRPC's certificate fetcher: new configuration after a reload, else ``None``."""
        if self._served == self._generation:
            return None
        self._served = self._generation
        return self._grpc_configuration()

    # --- HTTP ---------------------------------------------------------------------------------

    def uvicorn_options(self) -> dict[str, Any]:
        """``uvicorn.Config`` keyword arguments for a TLS listener."""
        options: dict[str, Any] = {
            "ssl_certfile": str(self.config.cert_file),
            "ssl_keyfile": str(self.config.key_file),
        }
        if self.config.client_ca_file is not None:
            options["ssl_ca_certs"] = str(self.config.client_ca_file)
            options["ssl_cert_reqs"] = ssl.CERT_REQUIRED
        return options

    def follow(self, context: ssl.SSLContext) -> None:
        """Load future reloads into ``context`` (a started HTTP listener's)."""
        self._contexts.append(context)

    # --- reloading -----------------------------------------------------------------------------

    def check(self) -> bool:
        """Reload when the files changed; True when new material is in use."""
        try:
            material = self._read()
        except OSError as exc:
            logger.warning("TLS files unreadable, keeping the current certificate: %s", exc)
            return False
        if material.stamp == self._material.stamp:
            return False
        try:
            _validate(material, self.config)
            for context in self._contexts:
                context.load_cert_chain(str(self.config.cert_file), str(self.config.key_file))
                if self.config.client_ca_file is not None:
                    context.load_verify_locations(str(self.config.client_ca_file))
        except (ssl.SSLError, ValueError, OSError) as exc:
            logger.warning("new TLS files refused, keeping the current certificate: %s", exc)
            return False
        self._material = material
        self._generation += 1
        self.reloads += 1
        logger.info("TLS certificate reloaded")
        return True

    async def run(self) -> None:
        """Check the files every ``reload_interval_s`` until cancelled."""
        while True:
            await asyncio.sleep(self.config.reload_interval_s)
            self.check()

    def _grpc_configuration(self) -> Any:
        m = self._material
        return grpc.ssl_server_certificate_configuration([(m.key, m.cert)], root_certificates=m.client_ca)

    def _read(self) -> _Material:
        cert, key, ca = self.config.cert_file, self.config.key_file, self.config.client_ca_file
        if cert is None or key is None:
            raise ValueError("tls.cert_file and tls.key_file are required")
        stamps = tuple((p.stat().st_mtime_ns, p.stat().st_size) for p in (cert, key, ca) if p is not None)
        return _Material(
            cert=cert.read_bytes(),
            key=key.read_bytes(),
            client_ca=ca.read_bytes() if ca is not None else None,
            stamp=stamps,
        )


def _validate(material: _Material, config: TlsConfig) -> None:
    """Raise ``ssl.SSLError`` / ``ValueError`` unless the key matches the chain."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(str(config.cert_file), str(config.key_file))
    if not material.cert.strip() or not material.key.strip():
        raise ValueError("empty certificate or key file")
