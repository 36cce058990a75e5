"""Scenario builders for ``corpus/heldout-blind18/`` (see ``corpus/generate_heldout_blind18.py``)."""
