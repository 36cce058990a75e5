"""Scenario builders for ``corpus/heldout-blind5/`` (see ``corpus/generate_heldout_blind5.py``)."""
