"""Damaged Rootlog games never crash tmlog: they parse (leniently or strictly),
replay, fold into a record and list, or fail with a positioned TmlogError.

The damage: characters deleted, inserted (notation characters, letters, digits,
odd bytes) or replaced, lines deleted, duplicated or swapped, the file cut.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tmlog.errors import LogSyntaxError, TmlogError
from tmlog.games.root.game import GAME

DATA = Path(__file__).parent / "data" / "rootlog"
BASES = [p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.rootlog"))]
NOTATION = [
    *"/;+-><^_#%$@*?()XZQ,:0123456789BFMRCEAVGLODPHKwpbtfrsdehaoxcu \t\n",
    "++",
    "--",
    "->",
    "<->",
    "$_",
    "h_",
    "//",
    "\x00",
    "é",
    "\r\n",
]


@st.composite
def damaged(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(BASES))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "lines", "cut"]))
        at = draw(st.integers(0, len(text)))
        if kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif kind == "insert":
            text = text[:at] + draw(st.sampled_from(NOTATION)) + text[at:]
        elif kind == "replace":
            text = text[:at] + draw(st.sampled_from(NOTATION)) + text[at + 1 :]
        elif kind == "cut":
            text = text[:at]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            op = draw(st.sampled_from(["drop", "dup", "swap"]))
            if op == "drop":
                del lines[i]
            elif op == "dup":
                lines.insert(j, lines[i])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


def _through(text: str, fmt: str) -> None:
    log = GAME.parse(text.encode("utf-8"), source="f.rootlog", input_format=fmt)
    result = GAME.replay(log)
    GAME.record(log, result)
    GAME.check(log, result)
    for _ in GAME.listing(log, "json"):
        pass


def _damaged_game_fails_only_with_tmlog_errors(text: str) -> None:
    for fmt in ("rootlog", "rootlog-strict"):
        try:
            _through(text, fmt)
        except LogSyntaxError as exc:
            # Positioned: source:line:col, and the line shown with a caret.
            assert re.match(r"f\.rootlog:\d+:\d+: unexpected ", str(exc)), str(exc)
        except TmlogError:
            pass


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(damaged())
def test_damaged_games_fail_only_with_tmlog_errors(text: str) -> None:
    _damaged_game_fails_only_with_tmlog_errors(text)


@pytest.mark.slow  # the long run, in CI
@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(damaged())
def test_many_damaged_games_fail_only_with_tmlog_errors(text: str) -> None:
    _damaged_game_fails_only_with_tmlog_errors(text)


def test_hostile_numbers_and_lines() -> None:
    for text in (
        "Map: Fall\nDeck: E&P\nC: a\nC:" + "9" * 5000 + "w->1\n",
        "Map: Fall\nDeck: E&P\nC: a\nC:" + "/".join(["w->1"] * 1000) + "\n",
        "Map: Fall\nDeck: E&P\nC: a\nC:" + "+".join(["(w+b)"] * 500) + "->1\n",
        "Map: Fall\nDeck: E&P\nC: a\nC:w->1+" + "0" * 99 + "1\n",
    ):
        try:
            _through(text, "rootlog")
        except LogSyntaxError as exc:
            assert str(exc).startswith("f.rootlog:4:")


def test_a_warrior_from_the_discard_pile_is_not_a_faction() -> None:
    # Found by the fuzz run above: `w*` (a warrior "from" the discard pile, `*`)
    # on a Duchy turn, where an ownerless piece from a faction's place is that
    # faction's; `*` was taken for a faction letter and raised a bare ValueError.
    base = (DATA / "2020_11_20_winter_tournament_r1g5.rootlog").read_text(encoding="utf-8")
    lines = base.split("\n")
    assert "(w+2Ew)1->" in lines[44]
    lines[44] = lines[44].replace("(w+2Ew)1->", "(w*+2Ew)1->")
    _damaged_game_fails_only_with_tmlog_errors("\n".join(lines))
