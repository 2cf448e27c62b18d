"""`python -m ai_feeds ...` is `feeds ...`: the form for starting the application in a child process
(`[sys.executable, "-m", "ai_feeds", ...]`), which works from a wheel, an editable install and a
checkout alike, with PyPA's `build` installed or not (see the package docstring)."""

import sys

from ai_feeds import main

if __name__ == "__main__":
    sys.exit(main())
