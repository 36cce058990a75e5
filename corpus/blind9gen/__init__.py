"""Builders of ``corpus/heldout-blind9/`` (see ``corpus/generate_heldout_blind9.py``)."""
