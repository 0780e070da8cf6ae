"""Root's push API: :class:`RootReplayer` plays one stream item at a time and returns its events.

:func:`replay` is a fold over it, so pushing a game's stream by hand gives the
same events and the same results. The events are checked against figures
computed without them: the final VP tallied from the log's text
(``test_root_game.FINAL``), the board's own VP ledger and the pieces it holds
at the end. The small planted logs' events are written out by hand: line 3 of
``HEAD`` is the first player line, turn lines start at line 5, and a column
counts from 1 at the faction letter (``C:`` takes columns 1-2).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tmlog.errors import ReplayError
from tmlog.games.root.errors import RootRuleError
from tmlog.games.root.events import (
    CardMoved,
    Flipped,
    Moved,
    Placed,
    Removed,
    RootEvent,
    RuleBroken,
    Scored,
    TurnEnded,
)
from tmlog.games.root.game import GAME
from tmlog.games.root.maps import Location
from tmlog.games.root.notation import RootLog, parse_rootlog
from tmlog.games.root.pieces import Faction
from tmlog.games.root.replay import replay
from tmlog.games.root.replayer import RootReplayer, TurnStart, WinnerLine, turn_stream

from .test_root_game import FINAL

DATA = Path(__file__).parent / "data" / "rootlog"
GAMES = sorted(FINAL)
HEAD = "Map: Fall\nDeck: E&P\nC: a\nE: b\n"
"""Two players on the Fall map: Fall 1 neighbours 5, 9 and 10, not 3 (the map's paths)."""


def _log(name: str) -> RootLog:
    path = DATA / f"{name}.rootlog"
    return GAME.parse(path.read_bytes(), source=path.name)


def _push_all(replayer: RootReplayer, log: RootLog) -> list[RootEvent]:
    events = [e for item in turn_stream(log) for e in replayer.push(item)]
    return [*events, *replayer.finish()]


@pytest.fixture(scope="module", params=GAMES)
def pushed(request: pytest.FixtureRequest) -> tuple[str, RootLog, RootReplayer, list[RootEvent]]:
    log = _log(request.param)
    replayer = RootReplayer(log)
    return request.param, log, replayer, _push_all(replayer, log)


# ------------------------------------------------------------- the 8 real games


def test_pushing_the_stream_is_the_replay(
    pushed: tuple[str, RootLog, RootReplayer, list[RootEvent]],
) -> None:
    _, log, replayer, events = pushed
    result = replay(log)
    assert result.events == events
    assert not replayer.failed and result.error is None
    # The replay's figures, read from the events, against the board's own state.
    board = replayer.board
    assert result.vp == {f: board.vp[Faction(f)] for f in log.factions}
    assert result.vp_by_source == {
        f: {s: n for s, n in board.vp_by_source[Faction(f)].items() if n} for f in log.factions
    }
    assert result.board == board.snapshot()
    ends = [e for e in events if isinstance(e, TurnEnded)]
    assert result.turn_ends == ends
    assert [(e.turn, e.line, e.faction) for e in ends] == [
        (i, t.line, t.faction) for i, t in enumerate(log.turns)
    ]
    broken = [e for e in events if isinstance(e, RuleBroken)]
    assert result.warnings == [*log.warnings, *(e.message for e in broken if e.certain)]
    assert result.notes == [e.message for e in broken if not e.certain]
    # Each breach is located where its message says.
    for e in broken:
        at = f"{log.source}:{e.line}:{e.col}: " if e.col else f"{log.source}:{e.line}: "
        assert e.message.startswith(at)
        assert e.message.endswith(f"(Law of Root {e.rule})")


def test_scored_events_sum_to_the_final_vp(
    pushed: tuple[str, RootLog, RootReplayer, list[RootEvent]],
) -> None:
    name, log, replayer, events = pushed
    total: Counter[str] = Counter()
    by_source: dict[str, Counter[object]] = {f: Counter() for f in log.factions}
    for e in events:
        if isinstance(e, Scored):
            total[e.faction] += e.points
            by_source[e.faction][e.source] += e.points
        elif isinstance(e, TurnEnded):
            # The VP every turn end reports (the board's) is the points scored so far.
            assert {f: n for f, n in e.vp.items() if n} == +total
    # FINAL is tallied from the log's own ++/-- (test_root_game).
    assert dict(total) == FINAL[name][0]
    ledger = replayer.board.vp_by_source
    assert {f: +c for f, c in by_source.items()} == {
        f: +Counter(ledger[Faction(f)]) for f in log.factions
    }


def test_piece_events_add_up_to_the_final_board(
    pushed: tuple[str, RootLog, RootReplayer, list[RootEvent]],
) -> None:
    _, _, replayer, events = pushed
    held: Counter[tuple[str, str, str]] = Counter()

    def change(where: Location, faction: str, piece: str, n: int) -> None:
        key = (_place(where), faction, piece)
        held[key] += n
        assert held[key] >= 0, f"more {key} taken than there were"

    for e in events:
        if isinstance(e, Placed):
            change(e.where, e.faction, e.piece, e.n)
        elif isinstance(e, Removed):
            change(e.where, e.faction, e.piece, -e.n)
        elif isinstance(e, Moved):
            change(e.src, e.faction, e.piece, -e.n)
            change(e.dst, e.faction, e.piece, e.n)
        elif isinstance(e, Flipped):
            change(e.where, e.faction, e.piece, -1)
            change(e.where, e.faction, e.to, 1)
    snap = replayer.board.snapshot()
    on_board: Counter[tuple[str, str, str]] = Counter()
    for clearing in snap.clearings:
        for f, code, n in clearing.pieces:
            on_board[(str(clearing.number), f.value, code)] = n
    for name, holding in snap.elsewhere.items():
        for f, code, n in holding:
            on_board[(name, f.value, code)] = n
    assert +held == on_board
    assert any(isinstance(e, Moved) for e in events)


def test_cards_moved_add_up_to_the_hands(
    pushed: tuple[str, RootLog, RootReplayer, list[RootEvent]],
) -> None:
    _, log, replayer, events = pushed
    hands = Counter(dict.fromkeys(log.factions, 3))  # LoR 5.1.3: three cards each in setup
    for e in events:
        if isinstance(e, CardMoved):
            hands[e.faction] += e.n
            assert e.n != 0 and hands[e.faction] >= 0
    assert hands == Counter({f.value: n for f, n in replayer.board.hands.items()})


def _place(where: Location) -> str:
    """A location as the snapshot names it: forests as ``a_b`` (clearings in order)."""
    if isinstance(where, frozenset):
        return "_".join(str(c) for c in sorted(where))
    return str(where)


# ------------------------------------------------------------ planted logs


def test_a_small_game_pushed_by_hand() -> None:
    log = parse_rootlog(
        HEAD
        + "C:2w->1\n"  # line 5: the Marquise's setup
        + "E:w->3\n"  # line 6: the Eyrie's setup
        + "C:w1->5/b_s->1/++1\n"  # line 7: a move, a sawmill built, its point
        + "E:#->E/F#C->E/Cw5->/++1\n",  # line 8: a draw, a card taken, a removal, a point
        source="t.rootlog",
    )
    replayer = RootReplayer(log)
    stream = turn_stream(log)
    assert [type(item) for item in stream[:3]] == [TurnStart, type(stream[1]), TurnStart]
    batches = [replayer.push(item) for item in stream]
    assert replayer.finish() == []
    no_vp = {"C": 0, "E": 0}
    assert [[_sourceless(e) for e in batch] for batch in batches] == [
        [],
        [Placed("C", "w", 1, 2, 5, 3), TurnEnded(0, 5, "C", 0, no_vp)],
        [],
        [Placed("E", "w", 3, 1, 6, 3), TurnEnded(1, 6, "E", 0, no_vp)],
        [],
        [Moved("C", "w", 1, 5, 1, 7, 3)],
        [Placed("C", "b_s", 1, 1, 7, 9)],
        # The turn ends with its last action's push.
        [Scored("C", 1, None, 7, 16), TurnEnded(2, 7, "C", 1, {"C": 1, "E": 0})],  # type: ignore[arg-type]
        [],
        [CardMoved("E", "#", 1, 8, 3)],
        [CardMoved("C", "F#", -1, 8, 8), CardMoved("E", "F#", 1, 8, 8)],
        [Removed("C", "w", 5, 1, 8, 15)],
        [Scored("E", 1, None, 8, 21), TurnEnded(3, 8, "E", 1, {"C": 1, "E": 1})],  # type: ignore[arg-type]
    ]


def _sourceless(e: RootEvent) -> RootEvent:
    """Scored without its source (how a point is attributed is not under test here)."""
    return e._replace(source=None) if isinstance(e, Scored) else e  # type: ignore[arg-type]


def test_points_lost_stop_at_zero_and_the_winner_is_checked() -> None:
    # C scores 3, then loses 5: only the 3 it has (the 0 floor). E, declared the
    # winner, has 2 VP, not 30 (LoR 3.1): a breach of the whole Winner: line (column 0).
    log = parse_rootlog(HEAD + "C:++3\nE:C--5/++2\nWinner: E\n", source="t.rootlog")
    replayer = RootReplayer(log)
    events = [_sourceless(e) for e in _push_all(replayer, log)]
    assert [e for e in events if isinstance(e, Scored)] == [
        Scored("C", 3, None, 5, 3),  # type: ignore[arg-type]
        Scored("C", -3, None, 6, 3),  # type: ignore[arg-type]
        Scored("E", 2, None, 6, 8),  # type: ignore[arg-type]
    ]
    message = "t.rootlog:7: winner Eyrie Dynasties has 2 VP, not 30 (Law of Root 3.1)"
    assert events[-1] == RuleBroken("3.1", message, 7, 0, True)
    assert turn_stream(log)[-1] == WinnerLine(("E",), 7)
    result = replay(log)
    assert result.vp == {"C": 0, "E": 2} and result.warnings == [message]
    assert result.timeline[1].vp == 0  # C after line 6


PLANTED = HEAD + "C:w->1\nE:w->3\nC:w1->3\n"
"""Line 7: a Marquise warrior moves from 1 to 3, which no path links (LoR 2.2.1)."""
NOT_ADJACENT = "t.rootlog:7:3: C:w1->3: clearings 1 and 3 are not adjacent (Law of Root 2.2.1)"


def test_an_illegal_move_is_a_rule_broken_and_the_board_follows_the_log() -> None:
    log = parse_rootlog(PLANTED, source="t.rootlog")
    replayer = RootReplayer(log)
    stream = turn_stream(log)
    for item in stream[:-1]:
        replayer.push(item)
    # The board follows the log: the warrior leaves 1 and stands in 3.
    assert replayer.push(stream[-1]) == [
        Removed("C", "w", 1, 1, 7, 3),
        Placed("C", "w", 3, 1, 7, 3),
        RuleBroken("2.2.1", NOT_ADJACENT, 7, 3, True),
        TurnEnded(2, 7, "C", 1, {"C": 0, "E": 0}),
    ]
    assert replayer.board.count(Faction.MARQUISE, "w", 3) == 1
    assert replay(log).warnings == [NOT_ADJACENT]


def test_a_strict_replay_raises_at_the_illegal_move_and_stops() -> None:
    log = parse_rootlog(PLANTED, source="t.rootlog", lenient=False)
    replayer = RootReplayer(log)
    stream = turn_stream(log)
    for item in stream[:-1]:
        replayer.push(item)
    with pytest.raises(RootRuleError) as raised:
        replayer.push(stream[-1])
    assert str(raised.value) == NOT_ADJACENT and raised.value.rule == "2.2.1"
    assert replayer.failed
    with pytest.raises(ReplayError):
        replayer.push(stream[-1])
    assert replayer.finish() == []  # nothing moved, and the turn never ended
    result = replay(log)
    assert result.error == NOT_ADJACENT and result.turns_played == 2
    assert [e.line for e in result.events if isinstance(e, TurnEnded)] == [5, 6]


def test_a_turn_cut_short_ends_with_the_next_turn_or_finish() -> None:
    # Pushed by hand, a turn line's actions need not all come: the next turn
    # start (or finish) ends the turn all the same.
    log = parse_rootlog(HEAD + "C:w->1/w->5\nE:w->3\n", source="t.rootlog")
    first, second = log.turns
    replayer = RootReplayer(log)
    assert replayer.push(TurnStart(0, first)) == []
    assert replayer.push(first.actions[0]) == [Placed("C", "w", 1, 1, 5, 3)]
    assert replayer.push(TurnStart(1, second)) == [TurnEnded(0, 5, "C", 0, {"C": 0, "E": 0})]
    assert replayer.finish() == [TurnEnded(1, 6, "E", 0, {"C": 0, "E": 0})]
