"""Scenario builders for ``corpus/heldout-blind21/`` (see ``corpus/generate_heldout_blind21.py``)."""
