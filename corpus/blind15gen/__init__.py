"""Scenario builders for ``corpus/heldout-blind15/`` (see ``corpus/generate_heldout_blind15.py``).

Each ``loops_*`` and ``healthy_*`` module exposes ``SCENARIOS``: a list of ``(slug, build)`` pairs, where
``build(scenario_id)`` returns one scenario dict. ``registry.build_all`` numbers and runs them."""
