"""``python -m loopwatch.hooks <agent>``: the command hook (``shim``), without the collector."""

import sys

from loopwatch.hooks.shim import main

sys.exit(main())
