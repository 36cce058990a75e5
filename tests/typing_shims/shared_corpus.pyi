"""mypy only: ``shared_corpus`` as the tests import it (bare name); see README.md here."""

from tests.shared_corpus import *  # noqa: F403 - the whole helper, re-exported
