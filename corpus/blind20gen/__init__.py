"""Scenario builders for ``corpus/heldout-blind20/`` (written fresh; imports no other ``blind*gen``)."""
