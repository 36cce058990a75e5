"""The families and content of ``generate_heldout_blind.py`` (``corpus/heldout-blind/``), one module each."""
