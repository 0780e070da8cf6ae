"""Where an output goes: checked before any work, published whole, never left half-made.

One rule for every file tmlog writes (``convert -o``, ``render -o``,
``--plot``, ``export … OUT``): the folder it goes into must exist and be
writable, and tmlog creates no missing folder on the way, as ``cp``, ``curl
-o`` or a compiler's ``-o`` do not (a typo in a path then costs an error,
not a stray tree of folders). The one folder tmlog makes is the export's
``OUT`` itself, for CSV and Parquet, which is the output (one file per table
inside it), as ``mkdir`` makes its last component only.

Both are checked before any work is done (:func:`check_folder`), so a
report never prints its table and only then fails to draw its picture.
"""

from __future__ import annotations

import contextlib
import errno
import os

from tmlog.errors import TmlogError


class CannotWrite(TmlogError):
    """An output that cannot be written (a missing or read-only folder, a full
    disk): bad circumstances rather than a bad command line, so exit status 1
    (a refused target, such as an existing file without ``--force``, is a
    usage error)."""


def check_folder(path: str) -> None:
    """Refuse ``path`` if the folder it would be written into is missing or not writable.

    Raises:
        CannotWrite: ``path: cannot write: <the system's reason>``.
    """
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        code = errno.ENOTDIR if os.path.exists(folder) else errno.ENOENT
        raise CannotWrite(f"{path}: cannot write: {os.strerror(code)}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CannotWrite(f"{path}: cannot write: {os.strerror(_why_not_writable(folder))}")


def _why_not_writable(folder: str) -> int:
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows)
        read_only = False
    return errno.EROFS if read_only else errno.EACCES


def new_temporary(folder: str, name: str, suffix: str) -> str:
    """An empty file of this run's own in ``folder``, hidden, named after ``name``
    (``.games.db.x1y2z3.tmp``), to be published or removed by the caller."""
    import tempfile  # only a command that writes a file needs it

    fd, tmp = tempfile.mkstemp(dir=folder or ".", prefix=f".{name}.", suffix=suffix)
    os.close(fd)
    return tmp


def remove(path: str) -> None:
    """Remove a file this run made (gone already: nothing to do)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def publish(tmp: str, path: str, *, force: bool) -> None:
    """Move the complete file ``tmp`` to ``path``, over an existing file only with ``force``.

    Raises:
        TmlogError: ``path`` exists and ``force`` is not given.
        OSError: the move failed.
    """
    # mkstemp makes the file private (0600); give it the mode a new file gets.
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    with open(tmp, "rb") as handle:
        os.fsync(handle.fileno())
    if force:
        os.replace(tmp, path)  # replaces a link itself, never what it points to
        return
    try:
        # A hard link fails if the target appeared meanwhile: no overwrite by a race.
        os.link(tmp, path)
    except FileExistsError:
        raise TmlogError(f"{path}: already exists (use --force to overwrite it)") from None
    except OSError:
        # A file system without hard links: check once more, then rename.
        if os.path.lexists(path):
            raise TmlogError(f"{path}: already exists (use --force to overwrite it)") from None
        os.replace(tmp, path)
