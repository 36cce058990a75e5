"""mypy only: ``replica_helpers`` as the tests import it (bare name); see README.md here."""

from tests.replicas.replica_helpers import *  # noqa: F403 - the whole helper, re-exported
