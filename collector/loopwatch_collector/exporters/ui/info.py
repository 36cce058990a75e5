"""``loopwatch_ui_info{url}``: where people open the session page, for alerts and dashboards.

Alert annotations and Grafana links are evaluated far from the collector (Prometheus,
Alertmanager, a browser on another network), so they need the collector's address as people
reach it, which only the operator knows: ``ui.external_url`` in the configuration
(``LOOPWATCH_EXTERNAL_URL``). Exported as an info-style gauge (value 1), the one setting reaches
the alert templates (``query "max by (url) (loopwatch_ui_info)"``) and the dashboard's
``loopwatch_url`` variable (``label_values(loopwatch_ui_info, url)``) through the scrape.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Gauge

UI_INFO_METRIC = "loopwatch_ui_info"


def register_ui_info(registry: CollectorRegistry, external_url: str | None) -> None:
    """Export ``loopwatch_ui_info{url=external_url} 1``; nothing when no URL is configured."""
    if not external_url:
        return
    info = Gauge(
        UI_INFO_METRIC,
        "Base URL of this collector's session page (/ui) as people reach it (ui.external_url); always 1.",
        ["url"],
        registry=registry,
    )
    info.labels(url=external_url.rstrip("/")).set(1)
