"""Where tmlog keeps files between runs: the user's cache directory, per OS.

``$XDG_CACHE_HOME/tmlog`` (``~/.cache/tmlog``) on Linux, ``~/Library/Caches/tmlog``
on macOS, ``%LOCALAPPDATA%\\tmlog\\Cache`` on Windows (platformdirs decides).
"""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_cache_path, user_data_path


def cache_root() -> Path:
    """The user's cache directory for tmlog (read anew each call: tests move it)."""
    return user_cache_path("tmlog", appauthor=False)


def data_root() -> Path:
    """The user's data directory for tmlog (files that must outlive a cleared cache)."""
    return user_data_path("tmlog", appauthor=False)
