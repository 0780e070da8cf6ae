"""Root's VP by source equals hand tallies of all eight Rootlog games (issue 25).

The tallies (``tests/root_vp_tallies``) list every score token of each log with
its source, written from the log and the Law of Root; tmlog's ``vp`` must give
the same sum for every faction and source, turmoil included, and the same
points on every line.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from tmlog.games.root.game import Root

from .root_vp_tallies import GAMES

DATA = Path(__file__).parent / "data" / "rootlog"
GAME = Root()


def _replay(name: str):  # type: ignore[no-untyped-def]
    path = DATA / f"{name}.rootlog"
    return GAME.replay(GAME.parse(path.read_bytes(), source=path.name))


def _by_source(tally: ModuleType) -> dict[tuple[str, str], int]:
    sums = Counter(
        {(f, source): sum(p for _, p in entries) for f, sources in tally.TALLY.items()
         for source, entries in sources.items()}
    )  # fmt: skip
    return {k: n for k, n in sums.items() if n}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_tally_adds_up_to_its_final_vp(name: str) -> None:
    tally = GAMES[name]
    sums = {f: sum(p for entries in s.values() for _, p in entries) for f, s in tally.TALLY.items()}
    assert sums == tally.FINAL


@pytest.mark.parametrize("name", sorted(GAMES))
def test_vp_by_source_is_the_hand_tally(name: str) -> None:
    result = _replay(name)
    record = GAME.record(result.log, result)
    assert {(r.faction, r.source): r.vp for r in record.vp if r.vp} == _by_source(GAMES[name])
    assert result.vp == GAMES[name].FINAL


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_line_scores_what_the_tally_says(name: str) -> None:
    # The replay's VP after each score token, as changes per line and faction.
    result = _replay(name)
    last: dict[str, int] = {}
    replayed: Counter[tuple[int, str]] = Counter()
    for step in result.timeline:
        replayed[(step.line, step.faction)] += step.vp - last.get(step.faction, 0)
        last[step.faction] = step.vp
    hand: Counter[tuple[int, str]] = Counter()
    for faction, sources in GAMES[name].TALLY.items():
        for entries in sources.values():
            for line, points in entries:
                hand[(line, faction)] += points
    assert +replayed == +hand and -replayed == -hand
