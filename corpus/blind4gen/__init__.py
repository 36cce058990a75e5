"""Helpers and scenario builders for ``corpus/generate_heldout_blind4.py`` (written blind)."""
