"""``loopwatch_ui_info{url}``: the collector's external URL, exported for alerts and dashboards."""

from __future__ import annotations

from prometheus_client import CollectorRegistry

from loopwatch_collector.collector import Collector
from loopwatch_collector.config import config_from_mapping
from loopwatch_collector.exporters.ui.info import UI_INFO_METRIC, register_ui_info


def test_the_configured_url_is_exported_without_a_trailing_slash() -> None:
    registry = CollectorRegistry()
    register_ui_info(registry, "https://loopwatch.example.com/")
    assert registry.get_sample_value(UI_INFO_METRIC, {"url": "https://loopwatch.example.com"}) == 1.0


def test_nothing_is_exported_without_a_url() -> None:
    registry = CollectorRegistry()
    register_ui_info(registry, None)
    assert [family.name for family in registry.collect()] == []


def test_the_collector_exports_its_configured_url() -> None:
    config = config_from_mapping({"ui": {"external_url": "http://localhost:8080"}})
    collector = Collector(config)
    assert collector.registry.get_sample_value(UI_INFO_METRIC, {"url": "http://localhost:8080"}) == 1.0
