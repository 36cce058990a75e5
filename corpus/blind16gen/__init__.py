"""Builders of ``corpus/heldout-blind16/`` (see ``corpus/generate_heldout_blind16.py``)."""
