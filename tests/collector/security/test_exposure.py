"""Safe defaults: loopback unless configured; no unauthenticated non-loopback listener unless
the operator says ``--insecure``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from loopwatch_collector.collector import Collector
from loopwatch_collector.config import config_from_mapping, load_config
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security import is_loopback
from tests.collector.security.security_helpers import two_tenants

LOOPWATCH = Path(sys.executable).with_name("loopwatch")


def test_the_default_listen_address_is_loopback() -> None:
    assert load_config(environ={}).listen.host == "127.0.0.1"


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
def test_loopback_addresses(host: str) -> None:
    assert is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "10.0.0.5", "collector.internal"])
def test_other_addresses_are_not_loopback(host: str) -> None:
    assert not is_loopback(host)


def test_a_public_address_without_keys_is_refused_naming_the_way_out() -> None:
    with pytest.raises(ConfigError, match=r"listen.host: '0.0.0.0' .*--insecure"):
        Collector(config_from_mapping({"listen": {"host": "0.0.0.0"}}))


@pytest.mark.parametrize(
    "raw",
    [
        {"listen": {"host": "0.0.0.0", "insecure": True}},
        two_tenants(listen={"host": "0.0.0.0"}),
    ],
    ids=["insecure", "with keys"],
)
def test_a_public_address_with_keys_or_insecure_is_accepted(raw: dict[str, object]) -> None:
    Collector(config_from_mapping(raw))


def test_serve_refuses_to_start_and_says_why() -> None:
    done = subprocess.run(
        [
            str(LOOPWATCH),
            "serve",
            "--host",
            "0.0.0.0",
            "--grpc-port",
            "0",
            "--http-port",
            "0",
            "--otlp-http-port",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert done.returncode == 2
    assert "no API key is configured" in done.stderr


def test_insecure_comes_from_the_environment_too() -> None:
    config = load_config(environ={"LOOPWATCH_HOST": "0.0.0.0", "LOOPWATCH_INSECURE": "true"})
    assert config.listen.insecure
    with pytest.raises(ConfigError, match="LOOPWATCH_INSECURE"):
        load_config(environ={"LOOPWATCH_INSECURE": "maybe"})
