"""Which files of a cache directory tmlog wrote: what ``tmlog cache info``
measures and the only files ``tmlog cache clear`` removes.

A cache directory may be any folder the user names with ``--cache``, holding
their own files too, so nothing is removed for its folder's name alone. A file
is tmlog's when its name and kind are those of a layout tmlog writes, in a
folder of that layout:

* ``<root>/v<N>-<16 hex>/`` (every layout with a code fingerprint) and
  ``<root>/tmlog-<version>/`` (the first, Parquet, layout) hold the
  :data:`TAG` (written when tmlog makes the folder), ``identities.json``
  (:mod:`tmlog.cache_sight`) and its temporaries, and batch folders
  ``batch-<14 digits>-<12 hex>`` (``.tmp`` while written) of a ``manifest``
  and one ``<table>.json.z`` or ``<table>.parquet`` per table;
* ``<root>/{commands,ledger,rootlog}-grammar.lark-cache``: the parsers'
  analysed grammars (tmlog's parse packages keep them in the user's cache
  directory), recognised by Lark's header too.

A symbolic link is never followed, nor removed: tmlog writes none, so one named
like a file of the layout is left and reported, as is any other entry in a
layout folder that tmlog did not write (its folder then stays). A folder named
like a layout's with nothing of tmlog's in it is someone else's: left, unreported.
Files are removed one by one and folders only once empty (``rmdir``), so
nothing that appeared meanwhile is taken with them.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from pathlib import Path
from typing import NamedTuple

from tmlog.cache_tables import MANIFEST
from tmlog.dirs import GRAMMAR_TABLES_SUFFIX

TAG = "CACHEDIR.TAG"
"""Marks a layout folder as tmlog's own cache (https://bford.info/cachedir/:
backup tools skip such folders too)."""

_TAG_START = (
    b"Signature: 8a477f597d28d172789f06886806bc55\n"
    b"# This file is a cache directory tag created by tmlog.\n"
)
TAG_TEXT = (
    _TAG_START + b"# For information about cache directory tags see https://bford.info/cachedir/\n"
)

# Patterns as text, compiled (and kept by re) when first used: compiling them all
# would cost every run that imports the cache as much as importing it does.
_LAYOUT_DIR = r"v[0-9]+-[0-9a-f]{16}|tmlog-[0-9][0-9A-Za-z.+!_-]*"
_LAYOUT_FILE = r"identities\.json(?:\.[0-9a-f]{12}\.tmp)?"
_BATCH_DIR = r"batch-[0-9]{14}-[0-9a-f]{12}(?:\.tmp)?"
_BATCH_FILE = rf"{MANIFEST}|[a-z][a-z0-9_]*\.(?:json\.z|parquet)"
_GRAMMAR_TABLE = rf"(?:commands|ledger|rootlog){re.escape(GRAMMAR_TABLES_SUFFIX)}"
_LARK_HEADER = rb"(?:[0-9a-f]{32}|[0-9a-f]{64})\n\x80"
"""Lark's cache file: the hex digest of the grammar and options, then a pickle."""
_TAG_HEADER = re.escape(_TAG_START)
"""A tag of tmlog's: the signature, then the line that names tmlog (a folder
another program tagged is not taken for tmlog's)."""

NOT_FOLLOWED = "a symbolic link (not followed)"
NOT_TMLOG = "not written by tmlog"


class Survey(NamedTuple):
    """What of a cache directory is tmlog's."""

    files: list[tuple[Path, int]]
    """tmlog's files and their sizes in bytes."""
    folders: list[Path]
    """tmlog's folders, each after those inside it (removed in this order once empty)."""
    layouts: list[Path]
    """tmlog's layout folders (one per build of tmlog that wrote here)."""
    left: list[tuple[Path, str]]
    """Entries named or placed like tmlog's that are not certainly tmlog's, and why."""


class Cleared(NamedTuple):
    """What :func:`clear` did."""

    removed: int
    """Files and folders removed."""
    left: list[tuple[Path, str]]
    """As :attr:`Survey.left`: not removed."""
    failed: list[tuple[Path, str]]
    """tmlog's files or folders that could not be removed, and the system's reason."""


def make_layout_folder(folder: Path) -> None:
    """Make a layout folder (and its parents) with its :data:`TAG`, unless it exists.

    Raises:
        OSError: it could not be made.
    """
    try:
        folder.mkdir(parents=True)
    except FileExistsError:
        return
    fd = os.open(folder / TAG, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        os.write(fd, TAG_TEXT)
    finally:
        os.close(fd)


def survey(root: Path) -> Survey:
    """tmlog's files and folders in ``root``, and what looks like them but is not.

    Raises:
        OSError: ``root`` exists but cannot be listed.
    """
    found = Survey([], [], [], [])
    for entry in _listing(root):
        path = Path(entry.path)
        if re.fullmatch(_LAYOUT_DIR, entry.name):
            if entry.is_symlink():
                found.left.append((path, NOT_FOLLOWED))
            elif entry.is_dir(follow_symlinks=False):
                _layout(path, found)
        elif re.fullmatch(_GRAMMAR_TABLE, entry.name):
            if entry.is_symlink():
                found.left.append((path, NOT_FOLLOWED))
            elif entry.is_file(follow_symlinks=False) and _starts(path, _LARK_HEADER):
                found.files.append((path, _size(entry)))
            else:
                found.left.append((path, NOT_TMLOG))
    return found


def clear(root: Path) -> Cleared:
    """Remove tmlog's files and then its folders in ``root`` (see the module's text).

    Raises:
        OSError: ``root`` exists but cannot be listed.
    """
    found = survey(root)
    removed = 0
    failed: list[tuple[Path, str]] = []
    for path, _ in found.files:
        try:
            path.unlink()
            removed += 1
        except FileNotFoundError:
            continue  # removed meanwhile (another clear, a compaction)
        except OSError as exc:
            failed.append((path, exc.strerror or type(exc).__name__))
    for folder in found.folders:
        try:
            folder.rmdir()
            removed += 1
        except FileNotFoundError:
            continue
        except OSError as exc:
            if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):
                continue  # holds what is not tmlog's (reported) or a batch written meanwhile
            failed.append((folder, exc.strerror or type(exc).__name__))
    return Cleared(removed, found.left, failed)


def remove_batch(folder: Path) -> None:
    """Remove a batch folder's files of tmlog's, then the folder if that empties it
    (a damaged, compacted or stale batch). Errors are ignored: readers pass over
    a batch without its manifest, and ``tmlog cache clear`` removes the rest."""
    if folder.is_symlink():
        return
    found = Survey([], [], [], [])
    _batch(folder, found)
    # The manifest first: a batch without it is passed over, never taken as damaged.
    for path, _ in sorted(found.files, key=lambda f: f[0].name != MANIFEST):
        with contextlib.suppress(OSError):
            path.unlink()
    with contextlib.suppress(OSError):
        folder.rmdir()


def _listing(folder: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda e: e.name)
    except FileNotFoundError:
        return []


def _size(entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat(follow_symlinks=False).st_size
    except OSError:
        return 0


def _starts(path: Path, header: bytes) -> bool:
    """Whether the regular file at ``path`` begins with ``header`` (read without
    following a link or waiting on a FIFO put in its place meanwhile)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        return re.match(header, os.read(fd, 256)) is not None
    except OSError:
        return False
    finally:
        os.close(fd)


def _layout(folder: Path, found: Survey) -> None:
    """Add what of a layout folder is tmlog's to ``found``."""
    files, left = len(found.files), len(found.left)
    batches: list[Path] = []
    with contextlib.suppress(OSError):  # unreadable: nothing of it is known to be tmlog's
        for entry in _listing(folder):
            path = Path(entry.path)
            if entry.is_symlink():
                found.left.append((path, NOT_FOLLOWED))
            elif entry.is_file(follow_symlinks=False) and (
                re.fullmatch(_LAYOUT_FILE, entry.name)
                or (entry.name == TAG and _starts(path, _TAG_HEADER))
            ):
                found.files.append((path, _size(entry)))
            elif entry.is_dir(follow_symlinks=False) and re.fullmatch(_BATCH_DIR, entry.name):
                _batch(path, found)
                batches.append(path)
            else:
                found.left.append((path, NOT_TMLOG))
    if len(found.files) == files and not batches:
        # Nothing of tmlog's: someone else's folder, whatever its name.
        del found.left[left:]
        return
    found.folders.extend(batches)
    found.folders.append(folder)
    found.layouts.append(folder)


def _batch(folder: Path, found: Survey) -> None:
    try:
        entries = _listing(folder)
    except OSError:
        return  # unreadable: its files stay unknown (its folder then fails to go)
    for entry in entries:
        path = Path(entry.path)
        if entry.is_symlink():
            found.left.append((path, NOT_FOLLOWED))
        elif entry.is_file(follow_symlinks=False) and re.fullmatch(_BATCH_FILE, entry.name):
            found.files.append((path, _size(entry)))
        else:
            found.left.append((path, NOT_TMLOG))
