"""Helpers for the rule tests: real corpus rows and small constructed logs.

A *corpus row* is cited as ``game:line`` (``4pLeague_S64_D1L1_G1.txt``, line
of the ledger file). :func:`corpus_row` replays that game once (cached),
pairs the ledger's recorded rows with the replay's own rows as the reference
engine groups them, checks that the cited line holds the expected command,
that the replayed row holds every value the ledger recorded after it
(VP, C, W, P, the three bowls, the four cults, power offered to neighbours)
and that the row's changes agree with the ledger's delta cells. Tests then
state the rule as the row's change (``delta``), written out by hand.

A *constructed log* lives in ``tests/data/constructed/``; the figures a test
expects for it were obtained by running the reference engine
(``perl /work/oracle/run.pl LOG``, i.e. jsnell/terra-mystica's evaluate_game)
on the same file, and are written into the test as literals.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tmlog.errors import ReplayError
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.parse import parse_file, parse_log
from tmlog.games.terra_mystica.parse.log import Recorded
from tmlog.games.terra_mystica.replay import Replay, replay
from tmlog.games.terra_mystica.replay.events import VpChanged
from tmlog.games.terra_mystica.replay.ledger import Row

DATA = Path(__file__).parent / "data"
LEDGER_DIR = DATA / "snellman-ledger"
CONSTRUCTED_DIR = DATA / "constructed"

FIELDS = ("VP", "C", "W", "P", "P1", "P2", "P3", "FIRE", "WATER", "EARTH", "AIR")


def values_of(rec: Recorded) -> tuple[int, ...]:
    return (rec.vp, rec.c, rec.w, rec.p, *rec.power, *rec.cults)


@dataclass(frozen=True)
class CheckedRow:
    """A ledger row whose replay reproduced every recorded value."""

    game: str
    line: int
    command: str
    recorded: Recorded
    replayed: Row

    @property
    def faction(self) -> str:
        return self.replayed.faction

    @property
    def delta(self) -> dict[str, int]:
        """What the row changed (non-zero entries only), in FIELDS order."""
        row = self.replayed
        return {
            name: after - before
            for name, before, after in zip(FIELDS, row.before, row.values, strict=True)
            if after != before
        }

    @property
    def after(self) -> dict[str, int]:
        return dict(zip(FIELDS, self.replayed.values, strict=True))

    @property
    def offers(self) -> list[int]:
        """Power offered to neighbours by this row, smallest first."""
        return sorted(self.replayed.leech.values())


@functools.cache
def corpus_game(game: str) -> tuple[Replay, dict[int, tuple[str, str, Recorded, Row]]]:
    """Replay a corpus ledger; map each ledger line to (faction, command, recorded, replayed)."""
    log = parse_file(str(LEDGER_DIR / f"{game}.txt"))
    result = replay(log)
    assert result.error is None, result.error
    recorded = [r for r in log.rows if r.recorded is not None]
    replayed = [r for r in result.rows if isinstance(r, Row)]
    assert len(recorded) == len(replayed), game
    by_line = {}
    for rec_row, ours in zip(recorded, replayed, strict=True):
        assert rec_row.recorded is not None
        command = rec_row.text.split("\t")[-1].strip()
        by_line[rec_row.line] = (str(rec_row.faction), command, rec_row.recorded, ours)
    return result, by_line


def corpus_row(game: str, line: int, command: str) -> CheckedRow:
    """The row on ``line`` of corpus ``game``: checked against everything the ledger recorded."""
    _, by_line = corpus_game(game)
    assert line in by_line, f"{game}:{line} is not a faction row"
    faction, text, rec, ours = by_line[line]
    where = f"{game}.txt:{line}"
    assert text == command, f"{where} is {text!r}"
    assert ours.faction == faction, where
    assert ours.values == values_of(rec), f"{where}: replayed {ours.values}, recorded"
    assert sorted(ours.leech.values()) == sorted(rec.leech_offers), where
    row = CheckedRow(game, line, command, rec, ours)
    # The ledger's own delta cells (empty = no change) agree with the replayed change.
    d = row.delta
    assert (rec.d_vp or 0) == d.get("VP", 0), where
    assert (rec.d_c or 0) == d.get("C", 0), where
    assert (rec.d_w or 0) == d.get("W", 0), where
    assert (rec.d_p or 0) == d.get("P", 0), where
    assert (rec.d_pw or 0) == d.get("P2", 0) + 2 * d.get("P3", 0), where
    cult = sum(d.get(c, 0) for c in ("FIRE", "WATER", "EARTH", "AIR"))
    if not _cultist_pending_step(faction, command):
        assert (rec.d_cult or 0) == cult, where
    return row


def vp_sources(result: Replay, line: int, faction: str) -> list[str]:
    """The VP changes a log line caused to a faction, as '+2 FAV11' (event order)."""
    return [
        f"{e.delta:+d} {e.source}"
        for e in result.events
        if isinstance(e, VpChanged) and e.line == line and e.faction == faction and e.delta
    ]


@dataclass(frozen=True)
class Case:
    """A corpus row that exhibits a rule, and what the rule makes it change.

    ``game`` is the part of the file name after ``4pLeague_`` (``S64_D1L1_G2``
    is ``tests/data/snellman-ledger/4pLeague_S64_D1L1_G2.txt``); ``line`` is the
    line of that file; ``delta`` the row's change, worked out from the rule
    (and equal to the ledger's own delta cells); ``vp`` the VP changes by
    source where the row gains or loses VP.
    """

    game: str
    line: int
    command: str
    delta: dict[str, int]
    rule: str
    vp: tuple[str, ...] = ()
    offers: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def file(self) -> str:
        return f"4pLeague_{self.game}"

    def param(self) -> Any:
        return pytest.param(self, id=f"{self.file}.txt:{self.line}")


def check_case(case: Case) -> CheckedRow:
    """Assert a :class:`Case`: recorded values reproduced, change as the rule says."""
    row = corpus_row(case.file, case.line, case.command)
    assert row.delta == case.delta, case.rule
    result = corpus_replay(case.file)
    assert vp_sources(result, case.line, row.faction) == list(case.vp), case.rule
    if case.offers is not None:
        assert row.offers == sorted(case.offers), case.rule
    return row


def _cultist_pending_step(faction: str, command: str) -> bool:
    """The ledger's display convention for the cultists' cult step.

    On ``[opponent accepted power]`` the ledger shows the pending step in the cult
    delta cell (+1) while the positions are still unchanged; the cultists' next
    row (``+FIRE`` …) shows the new position and an empty delta cell.
    """
    if faction != "cultists":
        return False
    return command == "[opponent accepted power]" or bool(
        re.fullmatch(r"\+(FIRE|WATER|EARTH|AIR)", command, re.IGNORECASE)
    )


def income_rows(result: Replay, faction: str) -> list[Row]:
    """A faction's ``other_income_for_faction`` rows, one per round played."""
    return [
        r
        for r in rows_of(result, faction)
        if r.actions and str(r.actions[0]).endswith("other_income_for_faction")
    ]


def corpus_replay(game: str) -> Replay:
    return corpus_game(game)[0]


def constructed_text(name: str) -> str:
    return (CONSTRUCTED_DIR / name).read_text(encoding="utf-8")


@functools.cache
def constructed(name: str) -> Replay:
    """Replay a constructed command log of tests/data/constructed/."""
    return replay(parse_log(constructed_text(name), source=name))


def replay_text(text: str, source: str = "test.log") -> Replay:
    return replay(parse_log(text, source=source))


def rows_of(result: Replay, faction: str | None = None) -> list[Row]:
    rows = [r for r in result.rows if isinstance(r, Row)]
    return [r for r in rows if faction is None or r.faction == faction]


def row_at_line(result: Replay, line: int) -> Row:
    """The replayed row holding the command of a log line (the last such row)."""
    rows = [r for r in rows_of(result) if line in r.lines]
    assert rows, f"no row for line {line}"
    return rows[-1]


def as_dict(row: Row) -> dict[str, int]:
    return dict(zip(FIELDS, row.values, strict=True))


def error_of(result: Replay) -> ReplayError:
    assert result.error is not None, "expected the replay to stop on an illegal move"
    return result.error


# ------------------------------------------------- corpus command logs, cut


@functools.cache
def command_log(game: str) -> tuple[str, ...]:
    """A corpus game's command-log form (``tmlog convert``), as lines."""
    return tuple(ledger_to_commands(parse_file(str(LEDGER_DIR / f"{game}.txt"))).splitlines())


def cut_before(game: str, command: str, *, occurrence: int = 1) -> list[str]:
    """The command log of ``4pLeague_{game}`` up to (not including) a line.

    ``command`` is the whole line (``cultists: send p to EARTH``); ``occurrence``
    picks the n-th such line. The lines kept are exactly those the reference
    engine was given when its figures for the test were obtained.
    """
    lines = command_log(f"4pLeague_{game}")
    hits = [i for i, text in enumerate(lines) if text == command]
    assert len(hits) >= occurrence, f"{command!r} not in 4pLeague_{game}"
    return list(lines[: hits[occurrence - 1]])
