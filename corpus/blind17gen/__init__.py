"""Builders of ``corpus/heldout-blind17/`` (see ``corpus/generate_heldout_blind17.py``)."""
