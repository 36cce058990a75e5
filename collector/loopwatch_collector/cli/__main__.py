"""``python -m loopwatch_collector.cli``: the ``loopwatch`` command without the entry point."""

import sys

from loopwatch_collector.cli import main

sys.exit(main())
