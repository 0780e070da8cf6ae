"""Which files hold the same game, whatever their format: game-neutral.

A game has two marks of identity here:

- its **game id**, where the file carries one: the site saves a game's ledger
  as ``GAME_ID.txt`` and its game JSON as ``GAME_ID.json`` (or
  ``.json.gz``), and its results files list games by that id; a log's id is
  its file name without those suffixes (:func:`game_id_of_path`);
- its **content fingerprint**: each game hashes the moves of a parsed log so
  that the same game gives the same hash in every format it is read from
  (Terra Mystica: ledger, command log, game JSON; the game object's
  ``fingerprint(parsed)``), and a replayed log's record carries it
  (``record.fingerprint``).

Logs are matched to each other by content (two files named alike may hold
different games; two named otherwise may hold the same one), and to a
results file's games, which hold no moves, by game id. :class:`Copies` keeps
the first file of each game and says which later ones are its copies: a
copy is left out, never silently.

>>> game_id_of_path("games/4pLeague_S64_D1L1_G3.json.gz")
'4pLeague_S64_D1L1_G3'
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

try:
    # hashlib's own import loads OpenSSL, some milliseconds of a one-log command
    # (every record carries its fingerprint); BLAKE2 is built into CPython without it.
    from _blake2 import blake2b as _blake2b
except ImportError:  # pragma: no cover - a Python built without _blake2
    from hashlib import blake2b as _blake2b

LOG_SUFFIXES = frozenset((".txt", ".log", ".json", ".ledger", ".rootlog"))
"""Suffixes a saved log's name may end in, after an optional ``.gz``."""


def game_id_of_path(path: str) -> str:
    """The game id a log's file name gives: the name without ``.gz`` and then one
    log suffix (:data:`LOG_SUFFIXES`); other dots are part of the id.

    >>> game_id_of_path("a/G3.txt"), game_id_of_path("G3.log.gz"), game_id_of_path("v1.2.txt")
    ('G3', 'G3', 'v1.2')
    """
    name = PurePath(path).name
    if name.lower().endswith(".gz"):
        name = name[:-3]
    stem, dot, suffix = name.rpartition(".")
    return stem if dot and stem and f".{suffix.lower()}" in LOG_SUFFIXES else name


def digest(text: str) -> str:
    """A game's fingerprint of the text a game makes of its moves: BLAKE2b,
    32 bytes, in hex.

    >>> digest("build E6")[:16]
    '83edc959143d0967'
    """
    return str(_blake2b(text.encode(), digest_size=32).hexdigest())


def content_identity(item: Any) -> str | None:
    """A replayed log's content fingerprint (``None``: it has none, such as a
    log that failed to parse, or a record not made from a log)."""
    return getattr(item, "fingerprint", None) or None


class Copies:
    """The first file seen of each game, by identity."""

    def __init__(self) -> None:
        self._first: dict[str, str] = {}

    def first(self, identity: str, source: str) -> str | None:
        """The file seen first with ``identity`` if it is not ``source`` (then
        ``source`` is its copy); ``None`` if ``source`` is the first."""
        first = self._first.setdefault(identity, source)
        return first if first != source else None
