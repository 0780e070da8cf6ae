"""A game's content fingerprint: the same for its ledger, command log and game JSON.

Two files hold the same game when the players made the same moves in it, in
the same order: :func:`fingerprint` hashes the moves in the words tmlog
writes them (each action's notation), and nothing the engine wrote about
them. So a ledger, the command log ``tmlog convert`` makes of it and the
site's game JSON of the same game all give one fingerprint, while a moved,
changed, added or missing move gives another.

Left out, because one format writes it and another does not (or writes it
otherwise): comments, round and turn markers, income, the engine's notes on
leech (``[opponent accepted power]``), the VP final scoring gives (an
``Adjust`` with a ``source``), ``score_resources``, player names, game
options and the map (a game JSON's header rows are made from its metadata),
``wait``/``done``; and who made each move: a ledger may write a faction's
move into another's row (a build after the Ice Maidens' own setup row),
where the command log names the faction that made it. Kept: the round
scoring tiles (a ledger lists them a row a round, a command log in one
``score`` row), the factions' setup (``setup nomads`` is a row of the nomads
in a ledger, an admin row in a command log), and a faction dropping out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from tmlog.games.terra_mystica.model import admin_commands as admin
from tmlog.games.terra_mystica.model import player_verbs as verbs
from tmlog.identity import digest

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.parse import ParsedLog

_SKIPPED = (verbs.Wait, verbs.Done, verbs.DropFaction)
"""Player verbs kept out: how a turn was ended, and a drop (kept as ``drop X``)."""

_MOVE, _ADJUST, _SETUP, _TILE, _TILES, _DROP, _NONE = range(7)
_KINDS: dict[type, int] = {}
"""What each action class is to the fingerprint (filled in as classes are met)."""


def _kind(cls: type) -> int:
    if issubclass(cls, verbs.Adjust):
        return _ADJUST
    if issubclass(cls, _SKIPPED):
        return _DROP if issubclass(cls, verbs.DropFaction) else _NONE
    if cls.__module__ == verbs.__name__:
        return _MOVE
    if issubclass(cls, admin.Dropped):
        return _DROP
    return {admin.Setup: _SETUP, admin.RoundScoring: _TILE, admin.Score: _TILES}.get(cls, _NONE)


def fingerprint(parsed: ParsedLog) -> str:
    """The game's content fingerprint of a parsed log (see the module)."""
    tiles: dict[int, str] = {}
    moves: list[str] = []
    add = moves.append
    kinds = _KINDS
    for row in parsed.rows:
        for action in row.actions:
            cls = type(action)
            kind = kinds.get(cls)
            if kind is None:
                kind = kinds[cls] = _kind(cls)
            if kind == _MOVE:
                add(action.notation())
            elif kind == _ADJUST:
                # An engine-written VP line (``+9VP for network``) has a source.
                if cast("verbs.Adjust", action).source is None:
                    add(action.notation())
            elif kind == _SETUP:
                add(f"setup {cast('admin.Setup', action).chosen.value}")
            elif kind == _TILE:
                tile = cast("admin.RoundScoring", action)
                tiles[tile.round] = str(tile.tile)
            elif kind == _TILES:
                tiles.update(enumerate((str(t) for t in cast("admin.Score", action).tiles), 1))
            elif kind == _DROP:
                target = cast("admin.Dropped | verbs.DropFaction", action).target
                if target is not None:
                    add(f"drop {target.value}")
    head = "score " + ",".join(tiles[r] for r in sorted(tiles))
    return digest("\n".join((head, *moves)))
