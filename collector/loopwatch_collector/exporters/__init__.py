"""Exporters: Prometheus metrics and the REST views of sessions."""
