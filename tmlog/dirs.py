"""Where tmlog keeps files between runs: the user's cache directory, per OS.

``$XDG_CACHE_HOME/tmlog`` (``~/.cache/tmlog``) on Linux, ``~/Library/Caches/tmlog``
on macOS, ``%LOCALAPPDATA%\\tmlog\\Cache`` on Windows (platformdirs decides).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from platformdirs import user_cache_path, user_data_path

GRAMMAR_TABLES_SUFFIX = "-grammar.lark-cache"
"""The parsers' analysed grammars, ``<name>-grammar.lark-cache`` in :func:`cache_root`."""


def cache_root() -> Path:
    """The user's cache directory for tmlog (read anew each call: tests move it)."""
    return user_cache_path("tmlog", appauthor=False)


def data_root() -> Path:
    """The user's data directory for tmlog (files that must outlive a cleared cache)."""
    return user_data_path("tmlog", appauthor=False)


def grammar_tables(name: str) -> str | bool:
    """Where Lark keeps the analysed grammar ``name`` between runs (its ``cache``
    argument): a file in :func:`cache_root`, or False (nowhere) when that
    directory cannot be made or something other than a regular file is in the
    file's place. Lark would wait forever on a FIFO there, and would write
    through a symbolic link into whatever file it names."""
    directory = cache_root()
    path = directory / f"{name}{GRAMMAR_TABLES_SUFFIX}"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return str(path)  # Lark writes it
    except OSError:
        return False
    return str(path) if stat.S_ISREG(mode) else False
