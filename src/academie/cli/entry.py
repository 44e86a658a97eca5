"""The ``academie`` command's entry point.

Loading the command line takes about a second (typer, rich, pydantic, the games); Ctrl-C in
that second, or once the command has ended, ends it quietly with exit status 130, as Ctrl-C
during a command does, instead of a KeyboardInterrupt traceback.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Run ``academie``; exit status 130 on Ctrl-C wherever it comes."""
    try:
        from academie.cli.app import main as run

        run()
    except KeyboardInterrupt:
        sys.exit(130)
