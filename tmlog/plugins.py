"""The games installed: the ``tmlog.games`` entry points of every distribution.

A game is a distribution that names an object implementing
:class:`tmlog.games.GameModule` in its ``tmlog.games`` entry point group, as
tmlog names its own two in ``pyproject.toml``::

    [project.entry-points."tmlog.games"]
    toy = "tmlog_toy:GAME"

:func:`game_entry_points` reads the group from the installed distributions'
``entry_points.txt`` files itself, as :mod:`importlib.metadata` does, on the
same rules: ``sys.path`` in order, each distribution (``*.dist-info``,
``*.egg-info``) once, by its normalised name, the first found. Why not ask
:mod:`importlib.metadata`: importing it (it brings ``email``, ``zipfile``,
``csv`` and ``inspect``) costs about 120 M instructions, a third of ``tmlog
validate ONE`` as a whole process, against about 3 M for this reading.
:func:`scan_entry_points` asks :mod:`importlib.metadata`, and
``tests/test_plugins.py`` holds the two equal, a new install included. Unlike
it, this reading does not look inside zip files on ``sys.path``.
"""

from __future__ import annotations

import os
import re
import sys

GROUP = "tmlog.games"
"""The entry point group a game is registered in."""

_SUFFIXES = (".dist-info", ".egg-info")
_SEPARATORS = re.compile(r"[-_.]+")


def _normalised(folder: str) -> str:
    """A distribution's name from its metadata folder (``Tmlog_Games-0.1.0.dist-info``:
    ``tmlog-games``), as packaging normalises it."""
    name = folder.rsplit(".", 1)[0].split("-", 1)[0]
    return _SEPARATORS.sub("-", name).lower()


def _group(text: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of the :data:`GROUP` section of an ``entry_points.txt``."""
    found = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == GROUP
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found


def game_entry_points() -> dict[str, str]:
    """``{name: "module:object"}`` of every installed game (see the module's docstring)."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    for entry in sys.path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:  # a zip file, or a folder that is not there
            continue
        for folder in names:
            if not folder.endswith(_SUFFIXES):
                continue
            dist = _normalised(folder)
            if dist in seen:
                continue
            seen.add(dist)
            path = os.path.join(entry or ".", folder, "entry_points.txt")
            try:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
            except (OSError, UnicodeDecodeError):
                continue  # no entry points, or none readable
            for name, value in _group(text):
                found.setdefault(name, value)
    return found


def scan_entry_points() -> dict[str, str]:
    """:func:`game_entry_points` as :mod:`importlib.metadata` gives them (for the tests)."""
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point.value)
    return found
