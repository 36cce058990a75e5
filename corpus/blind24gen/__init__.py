"""Scenario builders for ``corpus/heldout-blind24/`` (see ``corpus/generate_heldout_blind24.py``)."""
