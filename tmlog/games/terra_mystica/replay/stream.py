"""The command stream: a parsed log's actions in the order the engine plays them.

A ledger records the engine's output as well as the players' commands, so
its stream keeps only the commands; the reference engine's own rewrites of
the stream (two identical ``+X`` merged, ``resign`` …) are applied before
the commands are pushed to a :class:`~tmlog.games.terra_mystica.replay.replayer.Replayer`.
A ledger also loses what the engine got but did not write: its ``player``
commands (:func:`ledger_players` puts them back where a faction needs them)
and, in round 0, who gave a command written into another faction's open
row (:class:`InTurn`: the replayer asks whose turn it is).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from tmlog.errors import ReplayError
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.enums import Faction
from tmlog.games.terra_mystica.replay.fire_ice import FIRE_ICE_SETS
from tmlog.games.terra_mystica.replay.maps import MAPS, ORIGINAL_ID
from tmlog.games.terra_mystica.replay.turn_command import InTurn

__all__ = [
    "PICK_AFTER_SETUP",
    "InTurn",
    "LogLike",
    "LogRowLike",
    "command_stream",
    "in_turn",
    "ledger_players",
    "ledger_stream",
    "map_of",
    "players_of",
    "rewrite_stream",
    "stream_key",
]

if TYPE_CHECKING:
    from tmlog.games.terra_mystica.replay.state import Game


class LogRowLike(Protocol):
    @property
    def line(self) -> int: ...
    @property
    def faction(self) -> object: ...
    @property
    def actions(self) -> tuple[a.Action, ...]: ...


class LogLike(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def rows(self) -> Sequence[LogRowLike]: ...


def ledger_stream(rows: Iterable[LogRowLike]) -> list[a.Action]:
    """The commands a ledger records, as the engine would have received them.

    Rows the engine wrote itself (income, Cultists' effects, final scoring,
    resource conversion) are outputs, not inputs, and are dropped; the
    engine's comment rows turn back into the admin commands that made them.
    """
    rows = list(rows)
    players = ledger_players(rows)
    own_picks = _own_picks(rows)
    out: list[a.Action] = []
    scoring: list[a.RoundScoring] = []
    final_phase = False
    setup_phase = True  # round 0: until the first "Round …" header
    for row in rows:
        for i, act in enumerate(row.actions):
            kind = type(act)
            if kind not in _LEDGER_SPECIAL:
                if not final_phase and not act.generated:
                    if setup_phase and i and kind in _CLOSES_SETUP_ROW:
                        act = InTurn(
                            command=act,
                            picked_elsewhere=own_picks,
                            faction=act.faction,
                            line=act.line,
                            column=act.column,
                        )
                    out.append(act)
                continue
            if kind is a.Marker:
                assert isinstance(act, a.Marker)
                if act.text.startswith("Round "):
                    setup_phase = False
                if act.text.startswith(("Scoring ", "Converting resources")):
                    final_phase = True
            elif final_phase or kind is a.PlayerName:
                continue
            elif kind is a.RoundScoring:
                assert isinstance(act, a.RoundScoring)
                scoring.append(act)
                if len(scoring) == 6:
                    tiles = tuple(s.tile for s in sorted(scoring, key=lambda s: s.round))
                    out.append(a.Score(tiles=tiles, line=scoring[0].line))
            elif kind is a.Dropped:
                assert isinstance(act, a.Dropped)
                out.append(a.DropFaction(target=act.target, line=act.line, column=act.column))
            elif kind is a.Setup:
                if players:
                    out += [a.AddPlayer(name=name, line=act.line) for name in players]
                    players = []
                out.append(dataclasses.replace(act, faction=None) if act.faction else act)
    return out


# Final: the compiled build keeps the module's constants in C variables, not its dict.
_CLOSES_SETUP_ROW: Final = frozenset((a.Build, a.PickColor, a.Pass))
"""In round 0 the reference engine ends a ledger row only on these commands."""


def _own_picks(rows: Sequence[LogRowLike]) -> frozenset[str]:
    """The factions whose colour is picked in a round-0 row of their own (not in another's)."""
    out: set[str] = set()
    for row in rows:
        for act in row.actions:
            if isinstance(act, a.Marker) and act.text.startswith("Round "):
                return frozenset(out)
        first = row.actions[0] if row.actions else None
        if isinstance(first, a.PickColor) and first.faction is not None:
            out.add(first.faction.value)
    return frozenset(out)


def in_turn(game: Game, action: a.Action) -> a.Action:
    """``action`` as played: an :class:`InTurn` command goes to whoever's turn it is.

    A setup dwelling or bonus is the next one in the setup order's; a colour
    is that of a faction that still has to pick one and picks in no row of
    its own: the row's faction if it can, else the first such in turn order.
    Anything else stays the row's.
    """
    if type(action) is not InTurn:
        return action
    assert isinstance(action, InTurn)
    command = action.command
    own = command.faction
    player = own
    if isinstance(command, (a.Build, a.Pass)) and game.setup_order:
        player = Faction(game.setup_order[0][0])
    elif isinstance(command, a.PickColor):
        pickers = [
            f.name
            for f in game.in_order()
            if f.pending.pick_color and f.name not in action.picked_elsewhere
        ]
        if pickers and (own is None or own.value not in pickers):
            player = Faction(pickers[0])
    return command if player is own else dataclasses.replace(command, faction=player)


_LEDGER_SPECIAL: Final = frozenset((a.Marker, a.RoundScoring, a.PlayerName, a.Dropped, a.Setup))
"""Ledger rows that do not pass into the command stream as they are."""


def players_of(rows: Iterable[LogRowLike]) -> list[str]:
    """Player names by seat, from a ledger's ``Player N: name`` rows."""
    named: list[a.PlayerName] = []
    for row in rows:
        for act in row.actions:
            if type(act) is a.PlayerName:
                named.append(act)
    return [p.name for p in sorted(named, key=lambda p: p.seat)]


PICK_AFTER_SETUP: Final = frozenset(
    name
    for variant in FIRE_ICE_SETS.values()
    for name, board in variant.items()
    if board.extra.get("post_setup", {}).get("PICK_COLOR")
)
"""Factions that pick their colour once all factions are set up (Acolytes,
Dragonlords): the reference engine asks them only in a game with players."""


def ledger_players(rows: Iterable[LogRowLike]) -> list[str]:
    """The ``player`` commands a ledger implies: one name per faction set up, or none.

    A ledger keeps no trace of ``player`` commands but its ``Player N:`` rows,
    which only ``randomize`` writes. A faction of :data:`PICK_AFTER_SETUP`
    can be set up only in a game with players (without them the reference
    engine refuses its pick and then its dwelling), so a ledger with one was
    played with players: one per faction set up, named by the ``Player N:``
    rows if any (``""`` where unnamed). Otherwise: none, as before.
    """
    rows = list(rows)
    setups: list[a.Setup] = []
    for row in rows:  # factions are set up in round 0: stop at its end
        actions = row.actions
        first = actions[0] if actions else None
        if type(first) is a.Marker and first.text.startswith("Round "):
            break
        setups += [act for act in actions if type(act) is a.Setup]
    if not any(s.chosen.value in PICK_AFTER_SETUP for s in setups):
        return []
    named = players_of(rows)
    return named + [""] * (len(setups) - len(named))


def command_stream(log: LogLike) -> list[a.Action]:
    """All commands of a log in the order the engine plays them."""
    if log.format == "ledger":
        return ledger_stream(log.rows)
    out: list[a.Action] = []
    for row in log.rows:
        # The reference engine writes a row's comment before its commands.
        out += [x for x in row.actions if isinstance(x, a.Comment)]
        out += [x for x in row.actions if not isinstance(x, a.Comment)]
    return out


def stream_key(action: a.Action) -> str:
    """The faction an action belongs to: its name, ``""`` for admin, ``"comment"``."""
    if type(action) is a.Comment:
        return "comment"
    faction = action.faction
    return faction._value_ if faction is not None else ""


_REWRITTEN: Final = frozenset((a.Adjust, a.PlayerCount, a.Resign, a.Convert))
"""Commands the stream rewrites can change; the others pass as they are."""


def rewrite_stream(stream: Sequence[a.Action]) -> list[a.Action]:
    """The reference engine's stream rewrites (merged adjustments, resign), ready to push.

    The reference engine reads ``player-count`` before it plays anything, so
    that command moves to the front.
    """
    # One pass that copies every command but the few a rewrite can change
    # (_REWRITTEN): their key is computed only for them and what follows them.
    out: list[a.Action] = []
    first: list[a.Action] = []
    keep = out.append
    end = len(stream)
    i = 0
    while i < end:
        act = stream[i]
        i += 1
        kind = type(act)
        if kind not in _REWRITTEN:
            keep(act)
            continue
        key = stream_key(act)
        nxt = stream[i] if i < end else None
        same = nxt is not None and key == stream_key(nxt)
        if same and isinstance(act, a.Adjust) and act.delta > 0 and act == nxt:
            # Two identical "+X" in a row count as one "+2X" (the engine's own rule).
            keep(dataclasses.replace(act, delta=act.delta * 2, source=None))
            i += 1
        elif isinstance(act, a.PlayerCount) and not key:
            first.append(act)
        elif isinstance(act, a.Resign) and key:
            keep(a.DropFaction(target=act.faction, faction=act.faction, line=act.line))
        elif (
            same
            and key
            and isinstance(act, a.Convert)
            and act.from_count == 2
            and act.from_what.value == "W"
            and act.to_what.value == "BRIDGE"
            and isinstance(nxt, a.Adjust)
            and nxt.delta == -1
            and nxt.what.value == "BRIDGE"
        ):
            i += 1  # both go
        else:
            keep(act)
    return first + out if first else out


def map_of(stream: Sequence[a.Action], source: str) -> str:
    """The map a stream's ``map`` command selects (the original map if none).

    The terrain is the one chosen before the first faction is set up, as the
    reference engine fixes it when the game is created: a later ``map`` line
    changes no terrain (the engine warns when it plays it).
    """
    map_id = ORIGINAL_ID
    for act in stream:
        if isinstance(act, a.Setup):
            break
        if isinstance(act, a.SelectMap):
            map_id = ORIGINAL_ID if act.map_id == "original" else act.map_id
            if map_id not in MAPS:
                raise ReplayError(
                    f"unknown map id {map_id}: tmlog does not know its terrain",
                    source=source,
                    line=act.line,
                    command=str(act),
                )
    return map_id
