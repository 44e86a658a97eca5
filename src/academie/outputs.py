"""Where the commands write: every file or folder a user names (``play --record``, ``simulate
--jsonl``, ``--records`` and ``--plot``, ``analyse --plot``, ``tournament --records``, ``serve
--database``) is checked here, before any work starts, so that a name that cannot be written is
one ``error:`` line at once instead of a traceback after the work.

Each check *tries* the place: a file is created (and removed) in an existing folder, a missing
folder is made (and removed). Permission bits are not enough: root writes in a read-only
folder, and ``os.access`` says yes to ``/proc``, where no file can be made. The checks change
nothing that was there.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from academie.core.errors import OptionError


def named(text: str) -> Path:
    """The path option parser of the command line: ``text`` as a :class:`~pathlib.Path`, an
    empty name refused (``Path('')`` would be the current folder, ``.``).

    >>> named("plots")
    PosixPath('plots')
    >>> named(" ")
    Traceback (most recent call last):
    ...
    academie.core.errors.OptionError: an empty name ' ': give a file or folder name (. is the current folder)
    """
    if not text.strip():
        raise OptionError(f"an empty name {text!r}: give a file or folder name (. is the current folder)")
    return Path(text)


def quoted(path: Path | str) -> str:
    """A file name as an error message shows it: quoted, and cut to its first 60 characters
    when it is longer than 80.

    >>> quoted("match.json"), quoted("a" * 100)
    ("'match.json'", "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (100 characters)")
    """
    text = str(path)
    return repr(text) if len(text) <= 80 else f"{text[:60] + '…'!r} ({len(text)} characters)"


def _try_writing_in(folder: Path) -> None:
    """Create a file in ``folder`` and remove it; raises the :class:`OSError` of a folder that
    takes no file."""
    handle, name = tempfile.mkstemp(prefix=".academie-check-", dir=folder)
    os.close(handle)
    os.unlink(name)


def refusal(exc: OSError) -> str:
    """Why the system refused a file in a folder that exists, in words: ``/proc`` and other
    virtual file systems answer "No such file or directory" for a file they will not make.

    >>> refusal(FileNotFoundError(2, "No such file or directory")), refusal(PermissionError(13, "Permission denied"))
    ('its file system takes no new file', 'Permission denied')
    """
    if isinstance(exc, FileNotFoundError):
        return "its file system takes no new file"
    return exc.strerror or str(exc)


def check_output_folder(folder: str | Path, option: str, what: str = "records") -> None:
    """Raise :class:`~academie.core.errors.OptionError`, changing nothing, when ``folder`` could
    not hold a run's output (``what``: ``records``, ``plots``): an empty name, a file, a link to
    nothing, a parent that is a file or does not exist (no folder is made but ``folder`` itself,
    as ``play --record`` makes none), a folder where no file can be made (``/proc``, a read-only
    one), or a name the system refuses (too long…)."""
    shown = quoted(folder)
    if not str(folder).strip():
        raise OptionError(f"{option} needs a folder name, not {shown}")
    try:
        path = Path(folder)
        if path.is_symlink() and not path.exists():
            raise OptionError(f"{option} {shown}: a link to nothing; give a folder")
        if path.exists():
            if not path.is_dir():
                raise OptionError(f"{option} {shown}: the {what} go in a folder, and this is a file")
            try:
                _try_writing_in(path)
            except OSError as exc:
                raise OptionError(f"{option} {shown}: no file can be written in this folder"
                                  f" ({refusal(exc)})") from None
            return
        parent = path.parent
        if parent.exists() and not parent.is_dir():
            raise OptionError(f"{option} {shown}: {quoted(parent)} is a file, not a folder")
        if not parent.is_dir():
            raise OptionError(
                f"{option} {shown}: the folder {quoted(parent)} does not exist; create it first or name"
                " a folder in an existing one"
            )
        path.mkdir()  # made when the run starts: made, tried and removed now, so that it is sure to be
        try:
            _try_writing_in(path)
        finally:
            path.rmdir()
    except OSError as exc:  # a name too long, a folder that may not be made…
        raise OptionError(f"{option} {shown}: cannot write there ({exc.strerror or exc})") from None


def check_output_file(path: str | Path, option: str, force: bool = False, own: bool = False,
                      shown: str | None = None) -> None:
    """Raise :class:`~academie.core.errors.OptionError`, changing nothing, when a file could
    not be written at ``path``: an empty name, a folder, a folder on the way that is a file or
    does not exist, an existing file (unless ``force``, or ``own``: a match's own record, when it
    is resumed), or a place the system refuses (``/proc``, a read-only folder, a name too long…):
    the file is opened for appending, and removed again if it was not there. ``shown``: the name
    as the messages give it (``path`` quoted, by default)."""
    shown = shown or quoted(path)
    if not str(path).strip():
        raise OptionError(f"{option} needs a file name, not {shown}")
    path = Path(path)
    try:
        if path.is_dir():
            raise OptionError(f"{option} {shown} is a folder; give a file name such as {quoted(path / 'match.json')}")
        parent = path.parent
        for folder in [*reversed(parent.parents), parent]:
            if str(folder) in ("", "."):
                continue
            if folder.exists() and not folder.is_dir():
                raise OptionError(f"{option} {shown}: {quoted(folder)} is a file, not a folder")
            if not folder.exists():
                raise OptionError(
                    f"{option} {shown}: the folder {quoted(folder)} does not exist; create it first or name"
                    " a file in an existing folder"
                )
        if path.exists() and not (force or own):
            raise OptionError(
                f"{option} {shown}: the file already exists; give a new file name, or add --force to"
                " overwrite it"
            )
        existed = path.exists()
        with path.open("a", encoding="utf-8"):  # appends nothing: the file is left as it is
            pass
        if not existed:
            path.unlink()
    except OSError as exc:
        raise OptionError(f"{option} {shown}: cannot write there ({refusal(exc)})") from None
