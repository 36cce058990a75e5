"""Scenario builders for ``corpus/heldout-blind14/`` (see ``corpus/generate_heldout_blind14.py``)."""
