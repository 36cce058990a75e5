"""Configuration: precedence (flags > env > YAML > defaults), validation naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from loopwatch_collector import environment_variables as env
from loopwatch_collector.config import config_from_mapping, load_config
from loopwatch_collector.exceptions import ConfigError


def test_defaults() -> None:
    config = load_config(environ={})
    assert config.listen.grpc_port == 4317
    assert config.listen.http_port == 8080
    assert config.listen.otlp_http_port == 4318
    assert config.store == "memory"
    assert config.resolve_agent("anyone").mode == "enforce"


def test_precedence_flags_over_env_over_yaml(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("listen: {grpc_port: 1111, http_port: 2222, otlp_http_port: 3333}\nstore: memory\n")
    environ = {
        env.LOOPWATCH_CONFIG: str(path),
        env.LOOPWATCH_HTTP_PORT: "4444",
        env.LOOPWATCH_GRPC_PORT: "5555",
    }
    config = load_config(environ=environ, overrides={"listen": {"grpc_port": 0}})
    assert config.listen.grpc_port == 0  # flag
    assert config.listen.http_port == 4444  # env over YAML
    assert config.listen.otlp_http_port == 3333  # YAML over default


def test_agent_settings_merge_over_defaults() -> None:
    config = config_from_mapping(
        {
            "defaults": {
                "mode": "shadow",
                "detectors": {"identical_call": {"consecutive": 4}},
                "budgets": {"trace_max_steps": 100},
                "tools": {"poll": {"identical_call": {"consecutive": 20}}},
            },
            "agents": {
                "strict": {
                    "mode": "enforce",
                    "detectors": {"identical_call": {"consecutive": 2}},
                    "budgets": {"conversation_max_steps": 7},
                }
            },
        }
    )
    strict = config.resolve_agent("strict")
    assert strict.mode == "enforce"
    assert strict.detectors["identical_call"] == {"consecutive": 2}
    assert (strict.trace_max_steps, strict.conversation_max_steps) == (100, 7)
    assert strict.tools == {"poll": {"identical_call": {"consecutive": 20}}}
    assert config.resolve_agent("other").mode == "shadow"


@pytest.mark.parametrize(
    ("raw", "key"),
    [
        ({"listen": {"grpc_port": 70000}}, "listen.grpc_port"),
        ({"store": "etcd"}, "store"),
        ({"sessions": {"idle_ttl_s": 0}}, "sessions.idle_ttl_s"),
        ({"agents": {"bot": {"mode": "loud"}}}, "agents.bot.mode"),
        ({"agents": {"bot": {"detectors": {"nope": {}}}}}, "agents.bot"),
        ({"defaults": {"detectors": {"identical_call": {"bogus": 1}}}}, "defaults"),
        ({"defaults": {"policy": {"bogus": 1}}}, "defaults"),
        ({"defaults": {"tools": {"poll": {"nope": {}}}}}, "defaults"),
        ({"surprise": 1}, "surprise"),
        ({"metrics": {"render_cache_s": -1}}, "metrics.render_cache_s"),
        ({"metrics": {"exemplars": "sometimes"}}, "metrics.exemplars"),
        ({"ingest": {"max_request_bytes": 0}}, "ingest.max_request_bytes"),
        ({"ingest": {"max_request_bytes": 2**40}}, "ingest.max_request_bytes"),
        ({"sessions": {"list_max_scan": 0}}, "sessions.list_max_scan"),
        ({"auth": {"tenants": {"a": {"ingest_bytes_per_s": -1}}}}, "auth.tenants.a.ingest_bytes_per_s"),
    ],
)
def test_errors_name_the_key(raw: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as info:
        config_from_mapping(raw)
    assert str(info.value).startswith(f"{key}:")


def test_env_errors_name_the_variable() -> None:
    with pytest.raises(ConfigError) as info:
        load_config(environ={env.LOOPWATCH_GRPC_PORT: "many"})
    assert info.value.problems == (f"{env.LOOPWATCH_GRPC_PORT}=many: expected an integer",)
    with pytest.raises(ConfigError) as info:
        load_config(environ={env.LOOPWATCH_MODE: "watch"})
    (problem,) = info.value.problems
    assert problem.startswith(f"{env.LOOPWATCH_MODE}=watch (defaults.mode): ")


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text("listen: {grpc_port: 70000}\nstore: etcd\n")
    environ = {env.LOOPWATCH_MODE: "watch", env.LOOPWATCH_SESSION_TTL_S: "soon"}
    with pytest.raises(ConfigError) as info:
        load_config(path, environ=environ)
    origins = [p.split(":")[0] for p in info.value.problems]
    assert sorted(origins) == sorted(
        [
            "listen.grpc_port",
            "store",
            f"{env.LOOPWATCH_MODE}=watch (defaults.mode)",
            f"{env.LOOPWATCH_SESSION_TTL_S}=soon",
        ]
    )
    assert str(info.value).startswith("4 configuration problems:\n  ")


def test_engine_problems_of_every_agent_are_reported_together() -> None:
    raw = {"agents": {"a": {"detectors": {"nope": {}}}, "b": {"policy": {"bogus": 1}}}}
    with pytest.raises(ConfigError) as info:
        config_from_mapping(raw)
    assert [p.split(":")[0] for p in info.value.problems] == ["agents.a", "agents.b"]


def test_a_flag_wins_over_an_invalid_variable() -> None:
    config = load_config(environ={env.LOOPWATCH_GRPC_PORT: "many"}, overrides={"listen": {"grpc_port": 0}})
    assert config.listen.grpc_port == 0


@pytest.mark.parametrize("level", ["debug", "Info", "WARNING"])
def test_log_level_is_case_insensitive(level: str) -> None:
    assert load_config(environ={env.LOOPWATCH_LOG_LEVEL: level}).log_level == level.upper()


def test_yaml_syntax_error_is_one_line_with_its_position(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("listen:\n  grpc_port: [1\nstore: memory\n")
    with pytest.raises(ConfigError) as info:
        load_config(path, environ={})
    (problem,) = info.value.problems
    assert "\n" not in problem
    assert problem.startswith(f"config file {path}, line 3, column ")


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="config file"):
        load_config(tmp_path / "missing.yaml", environ={})
    listy = tmp_path / "list.yaml"
    listy.write_text("- 1\n")
    with pytest.raises(ConfigError, match="mapping"):
        load_config(listy, environ={})


def test_external_url_of_the_session_page() -> None:
    config = load_config(environ={env.LOOPWATCH_EXTERNAL_URL: "https://loopwatch.example.com"})
    assert config.ui.external_url == "https://loopwatch.example.com"
    assert load_config(environ={}).ui.external_url is None
    with pytest.raises(ConfigError) as info:
        load_config(environ={env.LOOPWATCH_EXTERNAL_URL: "loopwatch.example.com/?x=1"})
    (problem,) = info.value.problems
    assert problem.startswith(f"{env.LOOPWATCH_EXTERNAL_URL}=loopwatch.example.com/?x=1 (ui.external_url): ")
