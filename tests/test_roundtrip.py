"""``str(action)`` prints canonical notation that parses back to the same action.

Checked for every action of every corpus game, of its converted command
log, and of the old-style logs. The ledger-only comment actions (round and
turn headers, round scoring, player names, dropouts) print their ledger
text and round-trip in ledger format; everything else round-trips as a
command-log row.
"""

from __future__ import annotations

import dataclasses

import pytest

from tmlog.games.terra_mystica.model.actions import (
    Action,
    Dropped,
    Marker,
    PlayerName,
    RoundScoring,
    Setup,
)
from tmlog.games.terra_mystica.parse import InputFormat, ParsedLog, parse_file, parse_log

from .conftest import OLD_STYLE

LEDGER_ONLY = (Marker, PlayerName, RoundScoring, Dropped)


def round_trip(action: Action) -> list[Action]:
    fmt: InputFormat = "ledger" if isinstance(action, LEDGER_ONLY) else "commands"
    return parse_log(str(action), input_format=fmt).actions


def expected(action: Action) -> Action:
    # `setup` prints the admin form `setup <faction>` (no prefix), which has no faction.
    return dataclasses.replace(action, faction=None) if isinstance(action, Setup) else action


def check(log: ParsedLog) -> None:
    bad = [
        (str(a), round_trip(a))
        for a in dict.fromkeys(log.actions)  # distinct actions, in order
        if round_trip(a) != [expected(a)]
    ]
    assert not bad


def test_corpus_ledgers(ledgers: dict[str, ParsedLog]) -> None:
    for log in ledgers.values():
        check(log)


def test_corpus_command_logs(converted: dict[str, str]) -> None:
    for gid, text in converted.items():
        check(parse_log(text, source=gid, input_format="commands"))


@pytest.mark.parametrize("path", OLD_STYLE, ids=lambda p: p.name)
def test_old_style_logs(path) -> None:  # type: ignore[no-untyped-def]
    check(parse_file(str(path)))


def test_every_action_kind_is_covered(ledgers: dict[str, ParsedLog]) -> None:
    kinds = {a.kind for log in ledgers.values() for a in log.actions}
    assert {"build", "upgrade", "leech", "decline", "pass", "marker", "round-scoring"} <= kinds
