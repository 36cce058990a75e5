"""Scenario builders for ``corpus/heldout-blind19/`` (see ``corpus/generate_heldout_blind19.py``)."""
