"""``python -m academie``: the same command line as ``academie`` (``python -m academie --help``)."""

from academie.cli.entry import main

if __name__ == "__main__":
    raise SystemExit(main())
