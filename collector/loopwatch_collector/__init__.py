"""loopwatch collector: OTLP in, per-trace event streams, detectors, verdicts and metrics."""
