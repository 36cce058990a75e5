"""mypy only: ``detect_builders`` as the tests import it (bare name); see README.md here."""

from tests.sdk.detect.detect_builders import *  # noqa: F403 - the whole helper, re-exported
