"""Exit statuses shared by every ``loopwatch`` subcommand.

0: done. 1: the command ran but did not get what it needed (a bar missed by ``eval``, a
collector that answered with an error to ``export``, an error while serving). 2: bad input,
refused before or while reading it (configuration, unreadable or invalid files, a port that
cannot be bound), the status argparse uses for a bad command line.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
