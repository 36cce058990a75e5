"""Scenario builders for ``corpus/heldout-blind23/`` (see ``corpus/generate_heldout_blind23.py``)."""
