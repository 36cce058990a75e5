"""Where settings come from besides the YAML file: ``LOOPWATCH_*`` variables and CLI flags.

``config.load_config`` reads the file into a raw mapping, then ``layer_over`` lays the
environment and the command-line overrides over it, in the documented precedence (flags >
variables > file), remembering which variable set which key so that validation problems name
the variable (``LOOPWATCH_MODE=watch (defaults.mode): ...``). Pure; any thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from loopwatch_collector import environment_variables as env

__all__ = ["layer_over", "variables_by_key"]


def _flag(value: str) -> bool:
    if value.strip().lower() in ("1", "true", "yes"):
        return True
    if value.strip().lower() in ("", "0", "false", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


# Environment variable -> (config path, converter name); parsing errors name the variable.
# ``variables_by_key()`` gives the reverse view (the configuration reference).
_ENV_KEYS: dict[str, tuple[tuple[str, ...], Callable[[str], Any]]] = {
    env.LOOPWATCH_HOST: (("listen", "host"), str),
    env.LOOPWATCH_GRPC_PORT: (("listen", "grpc_port"), int),
    env.LOOPWATCH_HTTP_PORT: (("listen", "http_port"), int),
    env.LOOPWATCH_OTLP_HTTP_PORT: (("listen", "otlp_http_port"), int),
    env.LOOPWATCH_STORE: (("store",), str),
    env.LOOPWATCH_REDIS_URL: (("redis", "url"), str),
    env.LOOPWATCH_SESSION_TTL_S: (("sessions", "idle_ttl_s"), float),
    env.LOOPWATCH_MAX_SESSIONS: (("sessions", "max_sessions"), int),
    env.LOOPWATCH_MODE: (("defaults", "mode"), str),
    env.LOOPWATCH_LOG_LEVEL: (("log_level",), str),
    env.LOOPWATCH_EXTERNAL_URL: (("ui", "external_url"), str),
    env.LOOPWATCH_INSECURE: (("listen", "insecure"), _flag),
    env.LOOPWATCH_API_KEYS_FILE: (("auth", "keys_file"), str),
}


def variables_by_key() -> dict[tuple[str, ...], str]:
    """The environment variable that sets each configuration key, by key path."""
    return {keys: name for name, (keys, _) in _ENV_KEYS.items()}


def layer_over(
    raw: dict[str, Any], *, environ: Mapping[str, str], overrides: Mapping[str, Any]
) -> tuple[dict[tuple[str, ...], str], list[str]]:
    """Set into ``raw`` every key a variable of ``environ`` gives (unless a flag in
    ``overrides`` sets it too: the flag wins), then merge ``overrides`` (a nested mapping from
    CLI flags, e.g. ``{"listen": {"grpc_port": 0}}``). Returns the variable that set each key,
    and a problem for each variable whose value does not parse (naming it)."""
    problems: list[str] = []
    sources: dict[tuple[str, ...], str] = {}
    flagged = set(_override_paths(overrides))
    for name, (keys, convert) in _ENV_KEYS.items():
        if name not in environ or keys in flagged:  # a flag wins over the variable
            continue
        try:
            value = convert(environ[name])
        except ValueError:
            problems.append(f"{name}={environ[name]}: expected {_TYPE_WORDS[convert]}")
            continue
        _set(raw, keys, value)
        sources[keys] = name
    _merge(raw, overrides)
    return sources, problems


_TYPE_WORDS: dict[Callable[[str], Any], str] = {
    int: "an integer",
    float: "a number",
    str: "a string",
    _flag: "true or false",
}


def _override_paths(overrides: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    paths = []
    for key, value in overrides.items():
        if isinstance(value, Mapping):
            paths.extend(_override_paths(value, (*prefix, key)))
        else:
            paths.append((*prefix, key))
    return paths


def _set(raw: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    node = raw
    for key in keys[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[keys[-1]] = value


def _merge(raw: dict[str, Any], overrides: Mapping[str, Any]) -> None:
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(raw.get(key), dict):
            _merge(raw[key], value)
        elif isinstance(value, Mapping):
            raw[key] = dict(value)
        else:
            raw[key] = value
