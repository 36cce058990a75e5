"""Processing: the per-trace event stream, session updates, verdict fan-out."""
