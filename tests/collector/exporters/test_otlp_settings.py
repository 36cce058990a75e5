"""The exporters.otlp settings: off and tenant-blind by default, every bad key named."""

from __future__ import annotations

from typing import Any

import pytest

from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exceptions import ConfigError


def test_the_exporter_is_off_by_default() -> None:
    config = config_from_mapping({})
    assert config.exporters.otlp.enabled is False
    assert config.exporters.otlp.include_tenant is False


@pytest.mark.parametrize(
    ("otlp", "problem"),
    [
        ({"enabled": True}, "exporters.otlp: Value error, endpoint: required"),
        ({"enabled": True, "protocol": "http", "endpoint": "localhost:4318"}, "needs an http(s):// URL"),
        ({"protocol": "thrift"}, "exporters.otlp.protocol"),
        ({"timeout_s": 0}, "exporters.otlp.timeout_s"),
        ({"max_queue_size": 0}, "exporters.otlp.max_queue_size"),
        ({"tenants": ["_bad"]}, "exporters.otlp.tenants"),
        ({"enabled": True, "endpoint": "h:1", "max_batch_size": 10, "max_queue_size": 5}, "max_batch_size"),
    ],
)
def test_bad_settings_name_their_key(otlp: dict[str, Any], problem: str) -> None:
    with pytest.raises(ConfigError) as caught:
        config_from_mapping({"exporters": {"otlp": otlp}})
    assert any(problem in line for line in caught.value.problems), caught.value.problems
