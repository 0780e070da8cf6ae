"""The report tables against the ledgers themselves.

Every figure of :func:`tmlog.games.terra_mystica.record.record_game` that the site's
ledger also shows is checked here against the ledger's own rows, read with
a small tab-splitter of this file (not with tmlog's parser): VP by source,
VP after each round, leech counts, power and VP, who fed whom and offers.

An offer left open until its receiver takes its own turn lapses; the rules
treat it as declined, but the ledger writes no row for it. tmlog counts
those apart (``lapsed``), so ``declined`` is exactly the ledger's
``Decline`` commands.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from tmlog.games.terra_mystica.parse import parse_file
from tmlog.games.terra_mystica.record import GameRecord, record_game
from tmlog.games.terra_mystica.replay import replay

from .conftest import LEDGERS, game_id

# ------------------------------------------------------ reading the ledger

FINAL_SECTIONS = {
    "Scoring FIRE cult": "final-fire",
    "Scoring WATER cult": "final-water",
    "Scoring EARTH cult": "final-earth",
    "Scoring AIR cult": "final-air",
    "Scoring network": "final-network",
    "Converting resources to VPs": "final-resources",
}
CULT_POWER = {3: 1, 5: 2, 7: 2, 10: 3}
"""Power a cult track gives when a faction reaches these levels."""


@dataclass
class LedgerRow:
    line: int
    faction: str
    d_vp: int
    vp: int
    bowls: tuple[int, int, int]
    cults: tuple[int, ...]
    offers: list[int]
    commands: list[str]
    section: str | None
    """The final-scoring section the row is in (``final-fire`` …), if any."""
    round: int
    """The round the row belongs to (0: setup): from the round's first turn to
    the end of the next round's income phase."""

    @property
    def spendable(self) -> int:
        return self.bowls[1] + 2 * self.bowls[2]


@dataclass
class Ledger:
    rows: list[LedgerRow]
    players: dict[int, str]
    dropped: set[str]


def read_ledger(path: Path) -> Ledger:
    rows: list[LedgerRow] = []
    players: dict[int, str] = {}
    dropped: set[str] = set()
    section: str | None = None
    rnd = 0
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        cells = text.split("\t")
        if len(cells) < 15:
            comment = text.strip()
            if comment in FINAL_SECTIONS:
                section = FINAL_SECTIONS[comment]
            elif m := re.match(r"Round (\d+), turn 1$", comment):
                # The income phase before it still belongs to the round before:
                # its cult rewards (spades, …) are that round's scoring.
                rnd = int(m.group(1))
            elif m := re.match(r"Player (\d+): (.+)$", comment):
                players[int(m.group(1))] = m.group(2)
            elif m := re.match(r"(\w+) dropped from the game$", comment):
                dropped.add(m.group(1))
            continue
        faction, d_vp, vp = cells[0], cells[1], cells[2]
        bowls = tuple(int(x) for x in cells[10].split()[0].split("/"))
        cults = tuple(int(x) for x in cells[12].split("/"))
        rows.append(
            LedgerRow(
                line=number,
                faction=faction,
                d_vp=int(d_vp) if d_vp else 0,
                vp=int(vp.split()[0]),
                bowls=(bowls[0], bowls[1], bowls[2]),
                cults=cults,
                offers=[int(x) for x in cells[13].split()],
                commands=[c.strip() for c in cells[14].split(". ") if c.strip()],
                section=section,
                round=rnd,
            )
        )
    return Ledger(rows, players, dropped)


def _cult_power(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    return sum(
        power for a, b in zip(before, after, strict=True) for lvl, power in CULT_POWER.items()
        if a < lvl <= b
    )  # fmt: skip


LEECH = re.compile(r"^leech (\d+) from (\w+)$", re.IGNORECASE)
DECLINE = re.compile(r"^decline\b", re.IGNORECASE)


@dataclass
class Expected:
    """What the ledger says about one faction."""

    final_vp: int = 0
    final: dict[str, int] | None = None
    leech_vp: int = 0
    accepted: int = 0
    accepted_power: int = 0
    declined: int = 0
    fed_by: dict[str, list[int]] | None = None
    vp_after_round: dict[int, int] | None = None


def expected(ledger: Ledger) -> dict[str, Expected]:
    out: dict[str, Expected] = {}
    previous: dict[str, LedgerRow] = {}
    for row in ledger.rows:
        e = out.setdefault(
            row.faction, Expected(final={}, fed_by=defaultdict(lambda: [0, 0]), vp_after_round={})
        )
        assert e.final is not None and e.fed_by is not None and e.vp_after_round is not None
        e.final_vp = row.vp
        before = previous.get(row.faction)
        previous[row.faction] = row
        if row.section is not None:
            e.final[row.section] = e.final.get(row.section, 0) + row.d_vp
            continue
        e.vp_after_round[row.round] = row.vp
        leeches = [m for c in row.commands if (m := LEECH.match(c))]
        e.declined += sum(1 for c in row.commands if DECLINE.match(c))
        if not leeches:
            continue
        assert len(leeches) == 1, row
        assert before is not None
        # Power gained: spendable power (II + 2 × III) grows by one per power
        # gained and is unchanged by burning; cult steps in the same row may
        # add power of their own, taken out here.
        gained = row.spendable - before.spendable - _cult_power(before.cults, row.cults)
        e.leech_vp += row.d_vp
        e.accepted += 1
        e.accepted_power += gained
        source = leeches[0].group(2).lower()
        e.fed_by[source][0] += 1
        e.fed_by[source][1] += gained
    return out


# ----------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def games() -> dict[str, tuple[GameRecord, Ledger]]:
    out = {}
    for path in LEDGERS:
        record = record_game(replay(parse_file(str(path))), game_id=game_id(path))
        out[game_id(path)] = (record, read_ledger(path))
    return out


def _vp(record: GameRecord, faction: str) -> dict[str, int]:
    return {r.source: r.vp for r in record.vp if r.faction == faction}


# -------------------------------------------------------------------- tests


def test_corpus_replays_cleanly(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    assert len(games) == 42
    for record, ledger in games.values():
        assert record.error is None and record.finished and record.last_round == 6
        assert set(record.dropped) == ledger.dropped


def test_vp_sources_sum_to_final_vp(
    games: dict[str, tuple[GameRecord, Ledger]], manifest: dict[str, dict[str, int]]
) -> None:
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        for f in record.factions:
            assert sum(_vp(record, f.faction).values()) == f.final_vp, (gid, f.faction)
            assert f.final_vp == want[f.faction].final_vp == manifest[gid][f.faction]


def test_final_scoring_equals_the_ledger_rows(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    """final-network, final-<cult>, final-resources: the ΔVP of their ledger rows."""
    checked = 0
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        for f in record.factions:
            got = _vp(record, f.faction)
            final = want[f.faction].final or {}
            for source in FINAL_SECTIONS.values():
                assert got.get(source, 0) == final.get(source, 0), (gid, f.faction, source)
                checked += final.get(source, 0) != 0
    assert checked > 500


def test_final_rows_say_what_they_score(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    """`+Nvp for FIRE` / `+Nvp for network` rows carry N as their ΔVP."""
    for _record, ledger in games.values():
        for row in ledger.rows:
            for command in row.commands:
                m = re.match(r"^\+(\d+)vp for (\w+)$", command)
                if m:
                    assert row.section == f"final-{m.group(2).lower()}"
                    assert row.d_vp == int(m.group(1))


def test_leech_vp_equals_the_leech_rows(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        for f in record.factions:
            assert _vp(record, f.faction).get("leech", 0) == want[f.faction].leech_vp, gid
        for row in record.leech:
            assert row.vp_paid == -want[row.faction].leech_vp


def test_accepted_and_declined_equal_the_leech_and_decline_rows(
    games: dict[str, tuple[GameRecord, Ledger]],
) -> None:
    totals = defaultdict(int)
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        for row in record.leech:
            e = want[row.faction]
            got = (row.accepted, row.accepted_power, row.declined)
            assert got == (e.accepted, e.accepted_power, e.declined), (gid, row.faction)
            totals["accepted"] += row.accepted
            totals["declined"] += row.declined
            totals["lapsed"] += row.lapsed
    assert totals == {"accepted": 2811, "declined": 525, "lapsed": 3}


def test_every_offer_is_answered(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    """Accepted, declined or lapsed; only a faction that dropped out leaves offers open."""
    for record, _ledger in games.values():
        for row in record.leech:
            answered = row.accepted + row.declined + row.lapsed
            if row.faction in record.dropped:
                assert answered <= row.offers
            else:
                assert answered == row.offers


def test_who_fed_whom_equals_the_leech_rows(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        got: dict[tuple[str, str], list[int]] = {
            (r.faction, r.source_faction): [r.accepted, r.accepted_power] for r in record.feeding
        }
        fed = {
            (receiver, source): counts
            for receiver, e in want.items()
            for source, counts in (e.fed_by or {}).items()
        }
        assert got == fed, gid


def test_offers_equal_the_ledger_leech_column(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    """In games without a dropout (the ledger also lists offers to a dropped faction)."""
    compared = 0
    for record, ledger in games.values():
        if ledger.dropped:
            continue
        offers = [x for row in ledger.rows for x in row.offers]
        assert sum(r.offers for r in record.leech) == len(offers)
        assert sum(r.offered_power for r in record.leech) == sum(offers)
        compared += 1
    assert compared == 37


def test_vp_after_each_round_equals_the_ledger(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    for gid, (record, ledger) in games.items():
        want = expected(ledger)
        for r in record.vp_rounds:
            after = want[r.faction].vp_after_round or {}
            # A faction with no row in a round kept its VP from the round before.
            known = [rnd for rnd in after if rnd <= r.round]
            assert r.vp == after[max(known)], (gid, r.faction, r.round)


def test_players_by_seat(games: dict[str, tuple[GameRecord, Ledger]]) -> None:
    for record, ledger in games.values():
        assert {f.player for f in record.factions} == set(ledger.players.values())
        for f in record.factions:
            assert f.player == ledger.players[f.start_order]
