"""Scenario builders for ``corpus/heldout-blind6/`` (see ``corpus/generate_heldout_blind6.py``)."""
