"""The push API: :class:`Replayer` plays one command at a time and returns its events.

:func:`replay` is a fold over it, so pushing a log's stream by hand must give
the same events, rows and final state; the corpus tests pin those to the
games' recorded values.
"""

from __future__ import annotations

import pytest

from tmlog.errors import IllegalMove, ReplayError
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.parse import ParsedLog, parse_log
from tmlog.games.terra_mystica.replay import (
    Replayer,
    Stop,
    command_stream,
    replay,
    rewrite_stream,
)
from tmlog.games.terra_mystica.replay.events import (
    Built,
    CommentWritten,
    EngineEvent,
    Passed,
    RowClosed,
    RuleWarning,
)
from tmlog.games.terra_mystica.replay.ledger import Ledger
from tmlog.games.terra_mystica.replay.replayer import GAME_OVER

from .rulecheck import command_log

GAMES = ["4pLeague_S64_D1L1_G1", "4pLeague_S64_D1L1_G3", "4pLeague_S66_D1L1_G5"]
_OUTPUT_ONLY = (RowClosed, CommentWritten, RuleWarning)


def _push_all(replayer: Replayer, log: ParsedLog) -> list[list[EngineEvent]]:
    out = [replayer.push(action) for action in rewrite_stream(command_stream(log))]
    return [*out, replayer.finish()]


@pytest.mark.parametrize("game", GAMES)
def test_pushing_the_stream_is_the_replay(game: str, ledgers: dict[str, ParsedLog]) -> None:
    log = ledgers[game]
    replayer = Replayer(options=(), source=log.source)
    pushed = [e for batch in _push_all(replayer, log) for e in batch]
    result = replay(log)
    assert [e for e in pushed if not isinstance(e, _OUTPUT_ONLY)] == result.events
    ledger = Ledger()
    ledger.feed(pushed)
    assert ledger.rows == result.rows
    assert {f.name: f.get("VP") for f in replayer.game.order} == result.final_vp()
    assert replayer.game.finished and not replayer.stopped and not replayer.failed


def test_rows_false_reports_no_ledger_events(ledgers: dict[str, ParsedLog]) -> None:
    log = ledgers[GAMES[0]]
    pushed = [e for batch in _push_all(Replayer(rows=False), log) for e in batch]
    assert not [e for e in pushed if isinstance(e, RowClosed | CommentWritten)]
    full = [e for batch in _push_all(Replayer(), log) for e in batch]
    assert [e for e in pushed] == [e for e in full if not isinstance(e, RowClosed | CommentWritten)]


def test_a_turn_ends_with_the_next_push() -> None:
    """A build does not end the builder's row: whether its turn is over is known
    only when the next command turns out to be someone else's."""
    log = parse_log("\n".join(command_log("4pLeague_S64_D1L1_G1")), source="g1.log")
    stream = rewrite_stream(command_stream(log))
    i = next(
        i
        for i, act in enumerate(stream)
        if isinstance(act, a.Build)
        and stream[i + 1].faction not in (None, act.faction)
        and not isinstance(stream[i + 1], a.Leech | a.Decline)
        and act.line > 40
    )
    builder = stream[i].faction
    assert builder is not None
    replayer = Replayer()
    for act in stream[:i]:
        replayer.push(act)
    built = replayer.push(stream[i])
    assert [type(e) for e in built if isinstance(e, Built)] == [Built]
    assert not [e for e in built if isinstance(e, RowClosed)]
    after = replayer.push(stream[i + 1])
    closed = [e for e in after if isinstance(e, RowClosed)]
    assert closed and closed[0].faction == builder.value
    assert stream[i] in closed[0].actions
    assert after.index(closed[0]) < next(
        (j for j, e in enumerate(after) if e.line == stream[i + 1].line), len(after)
    )


def test_a_pass_ends_the_row_at_once() -> None:
    log = parse_log("\n".join(command_log("4pLeague_S64_D1L1_G1")), source="g1.log")
    stream = rewrite_stream(command_stream(log))
    i = next(i for i, act in enumerate(stream) if isinstance(act, a.Pass) and act.line > 40)
    replayer = Replayer()
    for act in stream[:i]:
        replayer.push(act)
    events = replayer.push(stream[i])
    kinds = [type(e) for e in events]
    assert Passed in kinds and RowClosed in kinds
    assert kinds.index(Passed) < kinds.index(RowClosed)


@pytest.mark.parametrize("stop", [Stop(line=120), Stop(round=3, turn=2)])
def test_stop_matches_replay(stop: Stop, ledgers: dict[str, ParsedLog]) -> None:
    log = ledgers[GAMES[0]]
    replayer = Replayer(stop=stop)
    batches = _push_all(replayer, log)
    result = replay(log, stop=stop)
    assert replayer.stopped and result.stopped_early
    assert [e for b in batches for e in b if not isinstance(e, _OUTPUT_ONLY)] == result.events
    assert (replayer.game.round, replayer.game.turn) == (result._game.round, result._game.turn)
    assert {f.name: f.get("VP") for f in replayer.game.order} == result.final_vp()
    # Nothing is played after the stop.
    assert replayer.push(a.Comment(text="later", line=10**6)) == []


def test_an_illegal_command_raises_and_ends_the_game() -> None:
    lines = [*command_log("4pLeague_S64_D1L1_G1")[:35], "cultists: build A1"]
    stream = rewrite_stream(command_stream(parse_log("\n".join(lines), source="bad.log")))
    replayer = Replayer(source="bad.log")
    for act in stream[:-1]:
        replayer.push(act)
    with pytest.raises(IllegalMove) as raised:
        replayer.push(stream[-1])
    assert raised.value.line == 36 and raised.value.source == "bad.log"
    assert replayer.failed
    with pytest.raises(ReplayError):
        replayer.push(stream[-1])
    # The open row still closes, as replay() reports it with the error.
    assert any(isinstance(e, RowClosed) for e in replayer.finish())


def test_player_count_is_read_when_pushed_and_plays_no_turn() -> None:
    replayer = Replayer()
    assert replayer.push(a.PlayerCount(count=3, line=1)) == []
    assert replayer.game.player_count == 3
    stream = rewrite_stream([a.SetOption(name="shipping-bonus", line=1), a.PlayerCount(count=4)])
    assert isinstance(stream[0], a.PlayerCount)


def test_commands_after_the_end_are_ignored_with_a_warning(
    ledgers: dict[str, ParsedLog],
) -> None:
    log = ledgers[GAMES[0]]
    replayer = Replayer()
    for act in rewrite_stream(command_stream(log)):
        replayer.push(act)
    replayer.finish()
    late = a.Comment(text="gg", line=999)
    (warning,) = replayer.push(late)
    assert isinstance(warning, RuleWarning)
    assert (warning.line, warning.command, warning.text) == (999, str(late), GAME_OVER)
