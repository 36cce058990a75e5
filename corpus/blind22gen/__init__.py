"""Scenario builders for ``corpus/heldout-blind22/`` (written fresh; imports no other ``blind*gen``)."""
