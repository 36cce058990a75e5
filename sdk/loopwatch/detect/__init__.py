"""Pure detectors and the escalation policy (no I/O): shared by the collector and local mode."""
