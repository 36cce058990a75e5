"""Scenario builders for ``corpus/heldout-blind7/`` (see ``corpus/generate_heldout_blind7.py``).

One module per family group; each exposes ``BUILDERS``, a list of zero-argument functions that each
return one labelled scenario."""
