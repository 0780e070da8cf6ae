"""Replay a log: turn its actions into the command stream and play it through the rules.

>>> from tmlog.games.terra_mystica.parse import parse_log
>>> log = parse_log(SAMPLE)                     # doctest: +SKIP
>>> result = replay(log)                        # doctest: +SKIP
>>> result.final_vp()["witches"]                # doctest: +SKIP
138
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from tmlog.errors import ReplayError
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import commands, turns
from tmlog.games.terra_mystica.replay.board import board_for, parse_terrain
from tmlog.games.terra_mystica.replay.events import Event
from tmlog.games.terra_mystica.replay.ledger import Ledger, LedgerEntry, Row
from tmlog.games.terra_mystica.replay.maps import MAPS, ORIGINAL_ID, VP_VARIANTS
from tmlog.games.terra_mystica.replay.options import game_options
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.summary import GameState, game_state
from tmlog.games.terra_mystica.replay.tiles import VP_SETUPS


class _LogRow(Protocol):
    @property
    def line(self) -> int: ...
    @property
    def faction(self) -> object: ...
    @property
    def actions(self) -> tuple[a.Action, ...]: ...


class _Log(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def format(self) -> str: ...
    @property
    def rows(self) -> Sequence[_LogRow]: ...


StreamItem = tuple[str, a.Action]
"""(``faction name`` | ``""`` for admin | ``"comment"``, action)."""


@dataclass
class Stop:
    """Where to stop replaying: after a log line, or at the end of a round's turn."""

    line: int | None = None
    round: int | None = None
    turn: int | None = None

    def reached(self, game: Game, next_line: int) -> bool:
        if self.line is not None and next_line > self.line:
            return True
        if self.round is not None:
            turn = self.turn or 10**6
            if game.round > self.round or (game.round == self.round and game.turn > turn):
                return True
        return False


@dataclass
class Replay:
    """The outcome of replaying a log."""

    source: str
    game: Game
    rows: list[LedgerEntry]
    events: list[Event]
    players: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: ReplayError | None = None
    stopped_early: bool = False

    @functools.cached_property
    def state(self) -> GameState:
        """The game where the replay ended, frozen: what readers outside the engine use."""
        return game_state(self.game, tuple(self.players))

    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def factions(self) -> list[FactionState]:
        return [f for f in self.game.order if not f.dummy]

    @property
    def map_id(self) -> str:
        """The map the game was played on (the reference engine's id)."""
        return self.game.map_variant or ORIGINAL_ID

    @property
    def options(self) -> frozenset[str]:
        return frozenset(self.game.options)

    def final_vp(self) -> dict[str, int]:
        return {f.name: f.get("VP") for f in self.factions}


# ----------------------------------------------------------- the stream


def ledger_stream(rows: Iterable[_LogRow]) -> list[a.Action]:
    """The commands a ledger records, as the engine would have received them.

    Rows the engine wrote itself (income, Cultists' effects, final scoring,
    resource conversion) are outputs, not inputs, and are dropped; the
    engine's comment rows turn back into the admin commands that made them.
    """
    out: list[a.Action] = []
    scoring: list[a.RoundScoring] = []
    final_phase = False
    for row in rows:
        for act in row.actions:
            kind = type(act)
            if kind not in _LEDGER_SPECIAL:
                if not final_phase and not act.generated:
                    out.append(act)
                continue
            if kind is a.Marker:
                assert isinstance(act, a.Marker)
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
                out.append(dataclasses.replace(act, faction=None) if act.faction else act)
    return out


_LEDGER_SPECIAL = frozenset((a.Marker, a.RoundScoring, a.PlayerName, a.Dropped, a.Setup))
"""Ledger rows that do not pass into the command stream as they are."""


def players_of(rows: Iterable[_LogRow]) -> list[str]:
    """Player names by seat, from a ledger's ``Player N: name`` rows."""
    named = [act for row in rows for act in row.actions if isinstance(act, a.PlayerName)]
    return [p.name for p in sorted(named, key=lambda p: p.seat)]


def command_stream(log: _Log) -> list[a.Action]:
    """All commands of a log in the order the engine plays them."""
    if log.format == "ledger":
        return ledger_stream(log.rows)
    out: list[a.Action] = []
    for row in log.rows:
        # The reference engine writes a row's comment before its commands.
        out += [x for x in row.actions if isinstance(x, a.Comment)]
        out += [x for x in row.actions if not isinstance(x, a.Comment)]
    return out


def _key(action: a.Action) -> str:
    if type(action) is a.Comment:
        return "comment"
    faction = action.faction
    return faction._value_ if faction is not None else ""


_REWRITTEN = frozenset((a.Adjust, a.PlayerCount, a.Resign, a.Convert))
"""Commands the stream rewrites can change; the others pass as they are."""


def rewrite_stream(stream: Sequence[a.Action], game: Game) -> list[StreamItem]:
    """The reference engine's stream rewrites (merged adjustments, resign, player-count)."""
    items: list[StreamItem | None] = [(_key(x), x) for x in stream]
    for i, item in enumerate(items):
        if item is None:
            continue
        key, act = item
        kind = type(act)
        if kind not in _REWRITTEN:
            continue
        nxt = items[i + 1] if i + 1 < len(items) else None
        if (
            nxt is not None
            and key == nxt[0]
            and isinstance(act, a.Adjust)
            and act.delta > 0
            and act == nxt[1]
        ):
            # Two identical "+X" in a row count as one "+2X" (the engine's own rule).
            merged = dataclasses.replace(act, delta=act.delta * 2, source=None)
            items[i] = (key, merged)
            items[i + 1] = None
            continue
        if isinstance(act, a.PlayerCount) and not key:
            game.player_count = act.count
            items[i] = None
            continue
        if isinstance(act, a.Resign) and key:
            items[i] = (key, a.DropFaction(target=act.faction, faction=act.faction, line=act.line))
            continue
        if (
            nxt is not None
            and key
            and key == nxt[0]
            and isinstance(act, a.Convert)
            and act.from_count == 2
            and act.from_what.value == "W"
            and act.to_what.value == "BRIDGE"
            and isinstance(nxt[1], a.Adjust)
            and nxt[1].delta == -1
            and nxt[1].what.value == "BRIDGE"
        ):
            items[i] = None
            items[i + 1] = None
    return [x for x in items if x is not None]


# ------------------------------------------------------------- replaying


def _board_and_setup(stream: Sequence[a.Action], source: str) -> tuple[str, dict[str, int] | None]:
    map_id = ORIGINAL_ID
    for act in stream:
        if isinstance(act, a.SelectMap):
            map_id = ORIGINAL_ID if act.map_id == "original" else act.map_id
            if map_id not in MAPS:
                raise ReplayError(
                    f"unknown map id {map_id}: tmlog does not know its terrain",
                    source=source,
                    line=act.line,
                    command=str(act),
                )
    variant = VP_VARIANTS.get(map_id)
    return MAPS[map_id][1], (VP_SETUPS[variant] if variant else None)


def replay(
    log: _Log | Sequence[a.Action],
    *,
    source: str | None = None,
    stop: Stop | None = None,
    options: Iterable[str] = (),
    rows: bool = True,
    vp_variant: str | None = None,
) -> Replay:
    """Replay a parsed log (or a list of actions) through the rules.

    A rule broken by the log does not raise: the replay stops there and the
    result carries the error, with everything up to it.

    Args:
        stop: where to stop (default: the end of the log).
        options: game options set before the log's own.
        rows: keep the replay's ledger rows (:attr:`Replay.rows`), which an
            audit compares; ``False`` saves building them when only events
            and the final state are wanted.
        vp_variant: starting VP per faction (a key of
            :data:`~tmlog.games.terra_mystica.replay.tiles.VP_SETUPS`, e.g. ``yucata_fjords``),
            instead of the map's own.
    """
    if isinstance(log, Sequence):
        stream = list(log)
        name = source or "<actions>"
        players: list[str] = []
    else:
        stream = command_stream(log)
        name = source or log.source
        players = players_of(log.rows) if log.format == "ledger" else []
    terrain_text, vp_setup = _board_and_setup(stream, name)
    if vp_variant is not None:
        if vp_variant not in VP_SETUPS:
            known = ", ".join(sorted(VP_SETUPS))
            raise ReplayError(f"unknown starting-VP variant {vp_variant!r} (known: {known})")
        vp_setup = VP_SETUPS[vp_variant]
    game = Game(
        board_for(parse_terrain(terrain_text)), options=game_options(options), vp_setup=vp_setup
    )
    game.ledger = Ledger(keep_rows=rows)
    result = Replay(name, game, game.ledger.rows, game.events, players, game.warnings)
    if not isinstance(log, Sequence):
        result.warnings.extend(getattr(log, "warnings", ()))
    items = rewrite_stream(stream, game)
    try:
        _play(game, items, stop, result)
    except ReplayError as err:
        result.error = err if err.source else err.located(source=name, line=0, command="")
    game.ledger.finish_row()
    if result.error is None and not result.stopped_early and not game.finished:
        result.warnings.append(f"{name}: incomplete game (round {game.round}, turn {game.turn})")
    # "Player N" of a ledger is seat N: the N-th faction to be set up.
    for f in game.order:
        if f.player is None and 0 < f.start_order <= len(players):
            f.player = players[f.start_order - 1]
    return result


def _play(game: Game, items: list[StreamItem], stop: Stop | None, result: Replay) -> None:
    for i, (key, act) in enumerate(items):
        if stop is not None and stop.reached(game, act.line):
            result.stopped_early = True
            return
        if game.finished:
            result.warnings.append(
                f"{result.source}:{act.line}: {act}: ignored, the game is already over"
            )
            continue
        game.line = act.line
        try:
            commands.do_command(game, key if key not in ("", "comment") else None, act)
            nxt = items[i + 1][0] if i + 1 < len(items) else None
            if nxt is None and game.active is not None:
                game.active.allowed_sub_actions.update({"burn": 1, "convert": 1})
            faction = game.factions.get(key) if key else None
            if nxt != key and faction is not None:
                turns.maybe_advance_to_next_player(game, faction)
            turns.what_next(game)
        except ReplayError as err:  # IllegalMove keeps its class through located()
            raise err.located(source=result.source, line=act.line, command=str(act)) from None
    game.ledger.finish_row()


def ledger_rows(result: Replay) -> list[Row]:
    return [r for r in result.rows if isinstance(r, Row)]
