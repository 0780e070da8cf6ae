"""A finished game as the site's results file gives it (read by ``results.py``)."""

from __future__ import annotations

import re
from typing import NamedTuple

NOT_FACTIONS = re.compile(r"^(nofaction|player)")
"""Roles that are no faction (``nofaction``, ``player1`` …): left out, as the site does."""


class ResultPlayer(NamedTuple):
    """One faction of a finished game, as the results file gives it."""

    faction: str
    vp: int | None
    rank: int | None
    start_order: int | None
    dropped: bool
    id_hash: str | None
    """The site's hash of the player's name (``None``: no registered player)."""
    username: str | None
    """From the file's ``players`` table (``None`` if it has none for the hash)."""


class ResultGame(NamedTuple):
    """A finished game of a results file."""

    id: str
    source: str
    """The file it was read from."""
    player_count: int
    base_map: str
    options: tuple[str, ...]
    last_update: str
    """As the site writes it (``2024-03-01 12:34:56.123456``): compared as text."""
    expansion_scoring: bool
    players: tuple[ResultPlayer, ...]
