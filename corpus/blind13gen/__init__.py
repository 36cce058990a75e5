"""Scenario builders of ``corpus/heldout-blind13/`` (see ``corpus/generate_heldout_blind13.py``)."""
