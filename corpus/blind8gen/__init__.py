"""Builders of the blind8 held-out set (see ``corpus/generate_heldout_blind8.py``)."""
