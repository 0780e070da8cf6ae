"""The stretch of play the reference engine keeps together: one faction's row.

The reference engine groups a faction's consecutive commands into one row,
and some of its rules hang on that grouping: a command that ends a faction's
part (a pass, a leech reply, a setup dwelling) closes the row and hands the
turn on, and the next command opens a new row. That grouping is the engine's
own state, a :class:`~tmlog.games.terra_mystica.replay.state.Segment` on
``game.segment``; the functions here change it and report what happened as
events — :class:`RowClosed` and :class:`CommentWritten` (what a ledger is made
of) and :class:`RuleWarning`.
"""

from __future__ import annotations

from tmlog.games.terra_mystica.model.actions import Action
from tmlog.games.terra_mystica.replay.events import CommentWritten, RowClosed, RuleWarning
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Phase


def open_row(game: Game, faction: FactionState) -> None:
    """Open ``faction``'s row, unless a row is open already."""
    seg = game.segment
    if seg.open:
        return
    seg.open = True
    seg.faction = faction
    if seg.record:
        seg.commands = []
        seg.warning = ""
        seg.offers = {}
        seg.before = faction.snapshot()


def note_command(game: Game, action: Action) -> None:
    seg = game.segment
    if seg.open and seg.record:
        seg.commands.append(action)


def close_row(game: Game) -> None:
    """Close the open row (if any), reporting it as a :class:`RowClosed`."""
    seg = game.segment
    faction = seg.faction
    if not seg.open or faction is None:
        return
    seg.open = False
    seg.after_comment = False
    if not seg.record:
        return
    end = faction.snapshot()
    game.events.append(
        _row_closed(
            game,
            faction,
            tuple(seg.commands),
            end,
            end if faction.dummy else seg.before,
            seg.offers,  # a new dict each row: the event may keep it
            seg.warning,
            False,
        )
    )


def _in_income(phase: Phase) -> bool:
    """Whether the engine stands between a round's end and the next round's first turn.

    By identity: an Enum member's hash is a Python method, which a set lookup
    calls on every row closed.
    """
    return (
        phase is Phase.INCOME
        or phase is Phase.USE_INCOME_SPADES
        or phase is Phase.INCOME_TERRAIN_UNLOCK
    )


def _row_closed(
    game: Game,
    faction: FactionState,
    actions: tuple[Action, ...],
    values: tuple[int, ...],
    before: tuple[int, ...],
    leech: dict[str, int],
    warning: str,
    effect: bool,
) -> RowClosed:
    """A :class:`RowClosed` of ``faction`` at the game's place, with its holdings.

    A row of the income phase is the next round's, turn 0: the ledger writes
    it under ``Round N income`` (and the engine's round only goes up after
    it), as :class:`~.events.IncomeTaken` places the income itself.
    """
    income = _in_income(game.phase)
    # Every field by position (a game closes hundreds of rows; keywords cost
    # twice as much to pass), in RowClosed's order.
    return RowClosed(
        game.round + 1 if income else game.round,
        0 if income else game.turn,
        game.line,
        faction.name,
        actions,
        values,
        before,
        leech,
        warning,
        effect,
        holdings(faction),
    )


def holdings(faction: FactionState) -> tuple[int, ...]:
    """D, TP, TE, SH, SA built, shipping and digging level (a row's ``holdings``)."""
    dig = faction.dig.level if faction.dig is not None else 0
    tracks = faction.counted
    if tracks is not None:  # every faction board has all five building types
        return (
            tracks[0].level,
            tracks[1].level,
            tracks[2].level,
            tracks[3].level,
            tracks[4].level,
            faction.ship.level,
            dig,
        )
    levels = faction.buildings
    got = [levels[b].level if b in levels else 0 for b in ("D", "TP", "TE", "SH", "SA")]
    return (*got, faction.ship.level, dig)


def write_comment(game: Game, text: str) -> None:
    """A comment row: written at once, even while a faction's row is open."""
    seg = game.segment
    seg.after_comment = True
    if seg.record:
        game.events.append(CommentWritten(game.round, game.turn, game.line, None, text))


def turn_header(game: Game) -> None:
    """``Round R, turn T`` once per turn, and not straight after another comment."""
    seg = game.segment
    if game.round == seg.header_round and game.turn == seg.header_turn:
        return
    seg.header_round = game.round
    seg.header_turn = game.turn
    if not seg.after_comment:
        write_comment(game, f"Round {game.round}, turn {game.turn}")


def snapshot(game: Game, faction: FactionState) -> tuple[int, ...]:
    """``faction``'s values before an effect row (nothing when not recording)."""
    return faction.snapshot() if game.segment.record else ()


def effect_row(game: Game, faction: FactionState, action: Action, before: tuple[int, ...]) -> None:
    """A row of the engine's own (Cultists' ``[opponent accepted power]``), written at once."""
    seg = game.segment
    seg.after_comment = False
    if seg.record:
        game.events.append(
            _row_closed(game, faction, (action,), faction.snapshot(), before, {}, "", True)
        )


def offer_power(game: Game, color: str, amount: int) -> None:
    """Power the open row's command offers to the faction of ``color``."""
    seg = game.segment
    if seg.record:
        seg.offers[color] = seg.offers.get(color, 0) + amount


def warn(game: Game, faction: FactionState | None, text: str) -> None:
    """Something the rules let pass but a player should hear about."""
    seg = game.segment
    if seg.record and not seg.warning:
        seg.warning = text
    game.events.append(
        RuleWarning(
            round=game.round,
            turn=game.turn,
            line=game.line,
            faction=faction.name if faction is not None else None,
            text=text,
            command=str(seg.action) if seg.action is not None else "",
        )
    )
