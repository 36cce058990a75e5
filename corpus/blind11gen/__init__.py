"""Builders for ``corpus/heldout-blind11/`` (see ``corpus/generate_heldout_blind11.py``)."""
