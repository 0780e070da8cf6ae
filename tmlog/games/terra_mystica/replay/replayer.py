"""Replay a log: push its commands one by one through the rules and collect the events.

:class:`Replayer` plays one command per :meth:`~Replayer.push` and returns the
events it caused, the way python-chess's ``Board.push`` plays one move;
:func:`replay` is the fold of a whole log over it.

>>> from tmlog.games.terra_mystica.parse import parse_log
>>> log = parse_log(SAMPLE)                     # doctest: +SKIP
>>> result = replay(log)                        # doctest: +SKIP
>>> result.final_vp()["witches"]                # doctest: +SKIP
138
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, cast

from tmlog.errors import ReplayError
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import dispatch, phases, segment, turns
from tmlog.games.terra_mystica.replay.board import board_for, parse_terrain
from tmlog.games.terra_mystica.replay.commands import RULES
from tmlog.games.terra_mystica.replay.events import (
    CommentWritten,
    EngineEvent,
    Event,
    RowClosed,
    RuleWarning,
)
from tmlog.games.terra_mystica.replay.ledger import Ledger, LedgerEntry, Row
from tmlog.games.terra_mystica.replay.maps import MAPS, ORIGINAL_ID, VP_VARIANTS
from tmlog.games.terra_mystica.replay.options import game_options
from tmlog.games.terra_mystica.replay.state import Game, Segment
from tmlog.games.terra_mystica.replay.stream import (
    InTurn,
    LogLike,
    command_stream,
    in_turn,
    map_of,
    players_of,
    rewrite_stream,
)
from tmlog.games.terra_mystica.replay.summary import GameState, game_state
from tmlog.games.terra_mystica.replay.tiles import VP_SETUPS

__all__ = ["Replay", "Replayer", "Stop", "command_stream", "ledger_rows", "replay"]

GAME_OVER: Final = "ignored, the game is already over"
_SOMEONE_ELSE: Final = "\0another faction"
"""A stream key no faction has: the next command is not the last one's faction's."""


@dataclass
class Stop:
    """Where to stop replaying: after a log line, or at the end of a round's turn."""

    line: int | None = None
    round: int | None = None
    turn: int | None = None
    last_turn: int | None = None
    """The last turn of round :attr:`round` the replay has played (None: none yet;
    0: the round's commands had no turn, as in the setup's round 0)."""

    def reached(self, game: Game, next_line: int) -> bool:
        if self.line is not None and next_line > self.line:
            return True
        if self.round is not None:
            turn = self.turn or 10**6
            if game.round > self.round or (game.round == self.round and game.turn > turn):
                return True
            if game.round == self.round and (self.last_turn or 0) <= game.turn:
                self.last_turn = game.turn
        return False

    def turn_never_played(self) -> int | None:
        """The last turn of round :attr:`round`, when :attr:`turn` is a later one: the
        replay went on to the next round without playing it (``R3T99``). None otherwise.

        Read once the replay has reached the stop.
        """
        if self.turn is None or self.last_turn is None:
            return None
        return self.last_turn if self.turn > self.last_turn else None


# ------------------------------------------------------------ the push API


class Replayer:
    """A game in progress: push commands, get back the events each one caused.

    A faction's turn ends only once the next command is known to be someone
    else's (the reference engine looks one command ahead), so that step of a
    command waits for the next :meth:`push`, or for :meth:`finish` at the
    end of the log; its events come back with that call. An illegal command
    raises :class:`~tmlog.errors.ReplayError` (located at its line) and ends
    the game: further pushes raise too, and :meth:`finish` returns what the
    engine reported up to the error.

    Args:
        map_id: the reference engine's map id (a ``map`` command in the log
            names the map but cannot change the board once play has begun).
        options: game options set before the log's own.
        vp_variant: starting VP per faction (a key of
            :data:`~tmlog.games.terra_mystica.replay.tiles.VP_SETUPS`), instead of the map's own.
        rows: report the ledger's rows (:class:`RowClosed`, :class:`CommentWritten`);
            ``False`` saves their snapshots when only the game is wanted.
        stop: where to stop: the push that reaches it plays nothing and sets
            :attr:`stopped`; later pushes are ignored.
        source: the log's name, for the errors.
    """

    __slots__ = ("_game", "_last", "_last_key", "_stop", "failed", "source", "stopped")

    def __init__(
        self,
        *,
        map_id: str = ORIGINAL_ID,
        options: Iterable[str] = (),
        vp_variant: str | None = None,
        rows: bool = True,
        stop: Stop | None = None,
        source: str = "<actions>",
    ) -> None:
        if map_id not in MAPS:
            raise ReplayError(f"unknown map id {map_id}: tmlog does not know its terrain")
        if vp_variant is None:
            vp_variant = VP_VARIANTS.get(map_id)
        elif vp_variant not in VP_SETUPS:
            known = ", ".join(sorted(VP_SETUPS))
            raise ReplayError(f"unknown starting-VP variant {vp_variant!r} (known: {known})")
        vp_setup = VP_SETUPS[vp_variant] if vp_variant else None
        game = Game(
            board_for(parse_terrain(MAPS[map_id][1])),
            options=game_options(options),
            vp_setup=vp_setup,
        )
        game.segment = Segment(record=rows)
        game.rules = RULES
        self._game = game
        self._stop = stop
        self.source = source
        self._last: a.Action | None = None
        """The last command played, whose end of turn waits for the next one."""
        self._last_key = ""
        self.stopped = False
        """The stop was reached: nothing more is played."""
        self.failed = False
        """A command broke a rule: nothing more can be played."""

    @property
    def game(self) -> Game:
        """The engine's own state (read it; change it only by pushing commands)."""
        return self._game

    @property
    def state(self) -> GameState:
        """The game as it stands, frozen (built anew on each call)."""
        return game_state(self._game)

    def push(self, action: a.Action) -> list[EngineEvent]:
        """Play one command; returns the events it caused, in order.

        The events of the previous command's end of turn come first.
        """
        if self.failed:
            raise ReplayError("the replay stopped at an illegal command", source=self.source)
        game = self._game
        if self.stopped:
            return []
        kind = type(action)
        if kind is InTurn:  # a ledger's command written into another's row: whose is it?
            action = self.resolve(action)
            kind = type(action)
        # stream_key(), inlined: this runs for every command of every game.
        faction = action.faction
        key = "comment" if kind is a.Comment else faction._value_ if faction is not None else ""
        if not key and kind is a.PlayerCount:
            assert isinstance(action, a.PlayerCount)
            # Read before play starts (see rewrite_stream): not a turn of anyone's.
            game.player_count = action.count
        else:
            if self._last is not None:
                self._settle(key)
            if self._stop is not None and self._stop.reached(game, action.line):
                self.stopped = True
            elif game.finished:
                self._ignore(action, key)
            else:
                game.line = action.line
                game.segment.action = action
                try:
                    dispatch.do_command(game, key if key and key != "comment" else None, action)
                except ReplayError as err:  # IllegalMove keeps its class through located()
                    self.failed = True
                    raise err.located(
                        source=self.source, line=action.line, command=str(action)
                    ) from None
                self._last = action
                self._last_key = key
        out = game.events
        game.events = []
        return out

    def resolve(self, action: a.Action) -> a.Action:
        """``action`` as it is played: an :class:`InTurn` command goes to whoever's
        turn it is (:func:`.stream.in_turn`); any other is itself.

        A colour picked in the row of a faction that has none to pick is the
        next faction's, whom the engine asked only once the row's faction's turn
        was over: that turn ends first. The Ice Maidens set up last, say, take
        their favour in a row the Acolytes' ``pick-color`` is written into; the
        Acolytes pick only once every faction is set up and the Ice Maidens'
        turn is done.
        """
        if type(action) is not InTurn:
            return action
        assert isinstance(action, InTurn)
        game = self._game
        played = in_turn(game, action)
        own = played.faction
        if (
            type(played) is a.PickColor
            and self._last is not None
            and not self.stopped
            and not self.failed
            and own is not None
            and (f := game.factions.get(own._value_)) is not None
            and not f.pending.pick_color
        ):
            self._settle(_SOMEONE_ELSE)
            played = in_turn(game, action)
        return played

    def finish(self) -> list[EngineEvent]:
        """The end of the log: the last command's end of turn, and its row closes."""
        game = self._game
        if self._last is not None and not self.failed:
            self._settle(None)
        segment.close_row(game)
        out = game.events
        game.events = []
        return out

    def _settle(self, next_key: str | None) -> None:
        """End the last command's turn, knowing whose command comes next (None: no more)."""
        action = self._last
        key = self._last_key
        self._last = None
        game = self._game
        try:
            if next_key is None and game.active is not None:
                game.active.allowed_sub_actions.update({"burn": 1, "convert": 1})
            if next_key != key and key:
                faction = game.factions.get(key)
                if faction is not None:
                    turns.maybe_advance_to_next_player(game, faction)
            phases.what_next(game)
        except ReplayError as err:
            self.failed = True
            assert action is not None
            raise err.located(source=self.source, line=action.line, command=str(action)) from None

    def _ignore(self, action: a.Action, key: str) -> None:
        game = self._game
        game.events.append(
            RuleWarning(
                round=game.round,
                turn=game.turn,
                line=action.line,
                faction=key if key not in ("", "comment") else None,
                text=GAME_OVER,
                command=str(action),
            )
        )


# ------------------------------------------------------------ the fold


@dataclass
class Replay:
    """The outcome of replaying a log."""

    source: str
    _game: Game
    """The engine's own, mutable state: for the engine and its white-box tests.
    Everyone else reads :attr:`state` and :attr:`events`."""
    rows: list[LedgerEntry]
    events: list[Event]
    players: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: ReplayError | None = None
    stopped_early: bool = False
    # An __init__ argument no caller passes: a compiled dataclass leaves a field
    # with init=False unset, not at its default.
    _state: GameState | None = field(default=None, repr=False, compare=False)

    @property
    def state(self) -> GameState:
        """The game where the replay ended, frozen: what readers outside the engine use."""
        # Kept by hand, not a functools.cached_property: a compiled build runs
        # that as a plain property, building the state anew on every read.
        state = self._state
        if state is None:
            state = self._state = game_state(self._game, tuple(self.players))
        return state

    @property
    def finished(self) -> bool:
        return self._game.finished

    @property
    def map_id(self) -> str:
        """The map the game was played on (the reference engine's id)."""
        return self._game.map_variant or ORIGINAL_ID

    @property
    def options(self) -> frozenset[str]:
        return frozenset(self._game.options)

    def final_vp(self) -> dict[str, int]:
        """Final VP by faction, as :attr:`state` has them (read from the engine, not frozen)."""
        return {f.name: f.vp for f in self._game.order if not f.dummy}


_OWN_OUTPUT: Final = frozenset((RowClosed, CommentWritten, RuleWarning))
"""The engine's output that is not a game event (:data:`Replay.events` keeps those)."""


def warning_text(source: str, warning: RuleWarning) -> str:
    """``source:line: faction: command: text``, as the commands print it."""
    return f"{source}:{warning.line}: {warning.command}: {warning.text}"


def replay(
    log: LogLike | Sequence[a.Action],
    *,
    source: str | None = None,
    stop: Stop | None = None,
    options: Iterable[str] = (),
    rows: bool = True,
    vp_variant: str | None = None,
) -> Replay:
    """Replay a parsed log (or a list of actions) through the rules.

    A rule broken by the log does not raise: the replay stops there and the
    result carries the error, with everything up to it. So does a ``map``
    row naming a map tmlog has no terrain for (the arguments, such as an
    unknown ``vp_variant``, still raise).

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
    bad_map: ReplayError | None = None
    try:
        map_id = map_of(stream, name)
    except ReplayError as err:  # a map tmlog does not know: the replay stops at its row
        map_id, bad_map = ORIGINAL_ID, err
    replayer = Replayer(
        map_id=map_id,
        options=options,
        vp_variant=vp_variant,
        rows=rows,
        stop=stop,
        source=name,
    )
    game = replayer.game
    result = Replay(name, game, [], [], players)
    if not isinstance(log, Sequence):
        result.warnings.extend(getattr(log, "warnings", ()))
    # Everything first, sorted once at the end: list passes cost less than routing each event.
    out: list[EngineEvent] = []
    keep = out.extend
    try:
        for action in rewrite_stream(stream):
            if bad_map is not None and action.line >= bad_map.line:
                raise bad_map
            keep(replayer.push(action))
            if replayer.stopped:
                result.stopped_early = True
                break
        keep(replayer.finish())
    except ReplayError as err:
        result.error = err if err.source else err.located(source=name, line=0, command="")
        keep(replayer.finish())
    if bad_map is not None and result.error is None:
        result.error = bad_map
    # One pass over the output, not two: a game has over a thousand events.
    own: list[EngineEvent] = []
    game_events: list[EngineEvent] = []
    for e in out:
        if type(e) in _OWN_OUTPUT:
            own.append(e)
        else:
            game_events.append(e)
    result.events = cast("list[Event]", game_events)
    if rows:
        ledger = Ledger()
        ledger.feed(own)
        result.rows = ledger.rows
    # A check the rules repeat (an unused free terraform …) warns once per command.
    for text in dict.fromkeys(warning_text(name, e) for e in own if type(e) is RuleWarning):
        result.warnings.append(text)
    if result.error is None and not result.stopped_early and not game.finished:
        result.warnings.append(f"{name}: incomplete game (round {game.round}, turn {game.turn})")
    # "Player N" of a ledger is seat N: the N-th faction to be set up.
    for f in game.order:
        if f.player is None and 0 < f.start_order <= len(players):
            f.player = players[f.start_order - 1]
    return result


def ledger_rows(result: Replay) -> list[Row]:
    return [r for r in result.rows if isinstance(r, Row)]
