"""API keys: hashed at rest, from the config, a secrets file and the environment."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from loopwatch.events import TraceContext
from loopwatch_collector.exceptions import ConfigError
from loopwatch_collector.security import AuthConfig, hash_key, load_api_keys
from loopwatch_collector.security.tenancy import ANONYMOUS, owned_by, public_id, scoped_context, session_key
from tests.collector.security.security_helpers import ALPHA_KEY, BETA_KEY, sha256


def test_keys_from_every_source_map_to_their_tenants(tmp_path: Path) -> None:
    secrets = tmp_path / "keys"
    secrets.write_text(f"# comment\nbeta:{BETA_KEY}\n", encoding="utf-8")
    config = AuthConfig.model_validate(
        {"keys": [{"tenant": "alpha", "sha256": sha256(ALPHA_KEY)}], "keys_file": secrets}
    )
    keys = load_api_keys(config, environ={"LOOPWATCH_API_KEYS": "gamma:g-key, delta:d-key"})
    assert keys.enabled
    assert keys.tenants == {"alpha", "beta", "gamma", "delta"}
    assert [keys.tenant_of(k) for k in (ALPHA_KEY, BETA_KEY, "g-key", "d-key", "nope")] == [
        "alpha",
        "beta",
        "gamma",
        "delta",
        None,
    ]


def test_only_digests_are_kept() -> None:
    keys = load_api_keys(AuthConfig(), environ={"LOOPWATCH_API_KEYS": f"alpha:{ALPHA_KEY}"})
    assert ALPHA_KEY not in repr(vars(keys))
    assert hash_key(ALPHA_KEY).hex() == sha256(ALPHA_KEY)


@pytest.mark.parametrize(
    ("header", "tenant"),
    [
        (f"Bearer {ALPHA_KEY}", "alpha"),
        (f"bearer {ALPHA_KEY}", "alpha"),
        (ALPHA_KEY, None),
        ("Bearer ", None),
        (None, None),
        (f"Basic {ALPHA_KEY}", None),
    ],
)
def test_bearer_header(header: str | None, tenant: str | None) -> None:
    keys = load_api_keys(AuthConfig(), environ={"LOOPWATCH_API_KEYS": f"alpha:{ALPHA_KEY}"})
    assert keys.tenant_of_header(header) == tenant


def test_no_key_means_authentication_off() -> None:
    assert not load_api_keys(AuthConfig(), environ={}).enabled


@pytest.mark.parametrize(
    ("environ", "message"),
    [
        ({"LOOPWATCH_API_KEYS": "no-colon"}, "LOOPWATCH_API_KEYS: entry 1 must be 'tenant:key'"),
        ({"LOOPWATCH_API_KEYS": "a/b:key"}, "LOOPWATCH_API_KEYS: entry 1: tenant 'a/b'"),
    ],
)
def test_bad_entries_name_their_source(environ: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_api_keys(AuthConfig(), environ=environ)


def test_a_hash_must_be_a_sha256() -> None:
    with pytest.raises(ValueError, match="sha256"):
        AuthConfig.model_validate({"keys": [{"tenant": "alpha", "sha256": "abc"}]})


def test_missing_keys_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"auth\.keys_file"):
        load_api_keys(AuthConfig(keys_file=tmp_path / "absent"), environ={})


def test_session_keys_are_per_tenant_and_anonymous_keys_are_bare() -> None:
    trace = "ab" * 16
    assert session_key(ANONYMOUS, trace) == trace
    assert session_key("alpha", trace) == f"alpha/{trace}"
    scoped = scoped_context("alpha", TraceContext(trace_id=trace, agent="a", conversation_id="c/1"))
    assert (scoped.trace_id, scoped.conversation_id) == (f"alpha/{trace}", "alpha/c/1")
    assert public_id("alpha", scoped.conversation_id) == "c/1"
    assert owned_by("alpha")(scoped.trace_id)
    assert not owned_by("beta")(scoped.trace_id)
    assert not owned_by("alph")(scoped.trace_id)


def test_one_key_under_two_tenants_is_refused_naming_both_sources() -> None:
    config = AuthConfig.model_validate({"keys": [{"tenant": "alpha", "sha256": sha256(ALPHA_KEY)}]})
    with pytest.raises(ConfigError) as caught:
        load_api_keys(config, environ={"LOOPWATCH_API_KEYS": f"gamma:g-key, beta:{ALPHA_KEY}"})
    assert str(caught.value) == (
        "LOOPWATCH_API_KEYS: entry 2: the same key is configured for tenants 'alpha' "
        "(auth.keys: entry 1) and 'beta'; give each tenant its own key"
    )


def test_the_same_key_twice_for_one_tenant_is_accepted(tmp_path: Path) -> None:
    secrets = tmp_path / "keys"
    secrets.write_text(f"alpha:{ALPHA_KEY}\n", encoding="utf-8")
    keys = load_api_keys(AuthConfig(keys_file=secrets), environ={"LOOPWATCH_API_KEYS": f"alpha:{ALPHA_KEY}"})
    assert keys.tenant_of(ALPHA_KEY) == "alpha"


def test_serve_refuses_a_key_shared_by_two_tenants_in_one_line(tmp_path: Path) -> None:
    config = tmp_path / "loopwatch.yaml"
    keys = [{"tenant": tenant, "sha256": sha256(ALPHA_KEY)} for tenant in ("alpha", "beta")]
    config.write_text(yaml.safe_dump({"auth": {"keys": keys}}), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "loopwatch_collector.cli", "serve", "--config", str(config)],
        env={"PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "loopwatch serve: auth.keys: entry 2: the same key is configured for tenants 'alpha' "
        "(auth.keys: entry 1) and 'beta'; give each tenant its own key"
    ]
