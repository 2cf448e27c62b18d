"""The `feeds` entry point, and the reason the application can live next to PyPA's `build`.

The application's top-level packages are `feeds`, `collectors`, `build` and `server`, and its code
imports them by those names (`from build.pipeline import ...`). Installed as top-level packages,
`build` collides with PyPA's `build` (the packaging frontend, `pip install build`): whichever comes
first on `sys.path` wins, and a wheel install even merges both into one `site-packages/build/`.

So the distribution installs no such top-level package. The only top-level package is this one,
`ai_feeds`, and the application root (the folder that holds `feeds/ collectors/ build/ server/
templates/`) is put first on `sys.path` by `main()`, inside the `feeds` process only:

- in the wheel, the root is this package's own folder (`site-packages/ai_feeds/`), where the wheel
  puts the four packages and `templates/` (see `[tool.hatch.build.targets.wheel]` in pyproject.toml);
- in a checkout or an editable install, the root is the repository, the parent of this folder.

Any other program in the same environment (`python -m build`, `import build`) still gets PyPA's
`build`. Code that starts the application in a child process runs `python -m ai_feeds ...`, never
`python -m feeds.cli`, which finds PyPA's `build` (or no `feeds` at all, from a wheel).
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Sequence
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def app_root() -> Path:
    """The folder holding `feeds/ collectors/ build/ server/ templates/`: this package's folder in a
    wheel, the repository (this folder's parent) in a checkout or an editable install."""
    return _HERE if (_HERE / "feeds" / "__init__.py").is_file() else _HERE.parent


def activate() -> Path:
    """Put the application root first on `sys.path`, so `build`, `server`, `collectors` and `feeds`
    resolve to ours in this process (and in children that inherit `sys.path`, such as the server's
    spawned workers). Call it before importing any of them; returns the root."""
    root = str(app_root())
    if sys.path[:1] != [root]:
        sys.path.insert(0, root)
    return Path(root)


def main(argv: Sequence[str] | None = None) -> int:
    """The `feeds` console script: `feeds.cli.main()` with the application root first on `sys.path`.

    Only the process entry point takes SIGPIPE's default (`feeds ... | head` ends quietly, like any
    Unix tool): `feeds.cli.main` is also called inside other processes (tests), which must not die of
    a peer closing a socket."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    activate()
    from feeds.cli import main as feeds_main

    return feeds_main(argv)
