"""The games installed: the ``tmlog.games`` entry points of every distribution.

A game is a distribution that names an object implementing
:class:`tmlog.games.GameModule` in its ``tmlog.games`` entry point group, as
tmlog names its own two in ``pyproject.toml``::

    [project.entry-points."tmlog.games"]
    toy = "tmlog_toy:GAME"

:func:`game_entry_points` asks :mod:`importlib.metadata`, the one reader of
installed distributions, and keeps its answer in the user's cache directory.
Why keep it: importing :mod:`importlib.metadata` (it brings ``email``,
``zipfile``, ``csv`` and ``inspect``) costs about 120 M instructions, a third
of ``tmlog validate`` of one log as a whole process, for an answer that
changes only when a distribution is installed or removed. Such a change adds
or removes a ``.dist-info`` folder in a folder of ``sys.path``, which changes
that folder's modification time: the kept answer is used only while every
folder of ``sys.path`` has the time it had when the answer was written (the
rule Python's own import system uses for its folder listings).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

GROUP = "tmlog.games"
"""The entry point group a game is registered in."""


def _path_key() -> list[tuple[str, int]]:
    """Each folder (or zip) of ``sys.path`` with its modification time (ns)."""
    key = []
    for entry in sys.path:
        try:
            key.append((entry, os.stat(entry or ".").st_mtime_ns))
        except OSError:
            key.append((entry, -1))
    return key


KEPT = 8
"""How many answers are kept (one per ``sys.path``: a virtual environment, a test's folder)."""


def _kept_file() -> Path | None:
    from tmlog.dirs import cache_root

    try:
        return cache_root() / "games" / "entry-points.json"
    except (OSError, RuntimeError):  # no home directory to speak of
        return None


def scan_entry_points() -> dict[str, str]:
    """``{name: "module:object"}`` of the group, read from the installed distributions."""
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point.value)
    return found


def game_entry_points() -> dict[str, str]:
    """``{name: "module:object"}`` of every installed game (see the module's docstring)."""
    key = _path_key()
    paths = json.dumps([p for p, _ in key])
    kept = _kept_file()
    stored: dict[str, Any] = {}
    if kept is not None:
        try:
            with open(kept, encoding="utf-8") as handle:
                stored = json.load(handle)
            answer = stored[paths]
            if answer["times"] == [t for _, t in key] and isinstance(answer["games"], dict):
                return {str(k): str(v) for k, v in answer["games"].items()}
        except (OSError, ValueError, KeyError, TypeError):
            pass  # none kept yet, or out of date, or unreadable: ask importlib.metadata
    found = scan_entry_points()
    if kept is not None:
        others = stored if isinstance(stored, dict) else {}
        # The newest answer last; the oldest go when more than KEPT are kept.
        fresh = {k: v for k, v in others.items() if k != paths}
        fresh[paths] = {"times": [t for _, t in key], "games": found}
        _keep(kept, dict(list(fresh.items())[-KEPT:]))
    return found


def _keep(path: Path, content: object) -> None:
    """Write the answer for the next run; where that cannot be done, it is asked again."""
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".entry-points-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(content, handle)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a read-only or full cache directory only costs the next run the scan
