"""Safe exposure: no unauthenticated listener beyond the loopback interface by accident.

``check_exposure`` runs before any socket is bound. Binding a non-loopback address
(``0.0.0.0``, a LAN address, ``::``) with no API key configured would let anyone who can reach
the port read every agent's sessions and stop any agent; it is refused unless the operator
says so explicitly (``listen.insecure: true`` / ``--insecure``), e.g. behind a gateway that
authenticates.
"""

from __future__ import annotations

import ipaddress

from loopwatch_collector.exceptions import ConfigError

_LOOPBACK_NAMES = frozenset({"localhost", "ip6-localhost"})


def is_loopback(host: str) -> bool:
    """True for loopback addresses (``127.0.0.0/8``, ``::1``) and ``localhost``."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_exposure(host: str, *, authenticated: bool, insecure: bool) -> None:
    """Raise ``ConfigError`` for a non-loopback ``host`` without authentication or ``insecure``."""
    if authenticated or insecure or is_loopback(host):
        return
    raise ConfigError(
        f"listen.host: {host!r} is not a loopback address and no API key is configured "
        "(auth.keys, auth.keys_file or LOOPWATCH_API_KEYS); configure keys, or accept "
        "unauthenticated access explicitly with --insecure / listen.insecure: true"
    )
