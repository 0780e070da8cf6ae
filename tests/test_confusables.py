"""Unicode letters that case-fold to ASCII are not ASCII letters to the grammar.

In Python's Unicode regular expressions, case-insensitive matching folds the
Turkish dotless ``ı`` and dotted ``İ`` to ``i``, the long ``ſ`` to ``s`` and the
Kelvin sign to ``k``. The grammar's terminals are ASCII words, so a log that
writes ``wıtches`` must get a positioned syntax error, not lex as a faction
whose name then matches no faction (which used to escape as a bare
``ValueError``/``KeyError``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tmlog.errors import LogSyntaxError, TmlogError
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import replay

CONFUSABLES = {
    "i": ["ı", "İ", "ｉ"],
    "s": ["ſ", "ｓ"],
    "k": ["\u212a", "ｋ"],  # the Kelvin sign, fullwidth
    "a": ["ａ", "а"],  # fullwidth, Cyrillic
    "e": ["ｅ", "е"],
}


@pytest.mark.parametrize(
    ("text", "column", "word"),
    [
        ("wıtches: build E5", 1, "wıtches"),
        ("witches: +2fıre", 12, "fıre"),
        ("witches: send p to aİr", 20, "aİr"),
        ("witches: upgrade E5 to ſh", 24, "ſh"),
        ("setup dar\u212alings", 7, "dar\u212alings"),  # the Kelvin sign
        ("witches: ｂuild E5", 10, "ｂuild"),
    ],
)
def test_command_log_confusables_are_syntax_errors(text: str, column: int, word: str) -> None:
    with pytest.raises(LogSyntaxError) as err:
        parse_log(text, source="x.log")
    assert (err.value.line, err.value.column) == (1, column)
    assert str(err.value).startswith(f"x.log:1:{column}: unexpected '{word}'")


def test_ledger_faction_cell_confusable_is_a_syntax_error() -> None:
    ledger = Path(__file__).parent / "data" / "snellman-ledger"
    text = sorted(ledger.glob("*.txt"))[0].read_text(encoding="utf-8")
    row = next(i for i, line in enumerate(text.splitlines()) if line.startswith("witches\t"))
    lines = text.splitlines()
    lines[row] = lines[row].replace("witches", "wıtches", 1)
    with pytest.raises(LogSyntaxError) as err:
        parse_log("\n".join(lines), source="g.txt")
    assert (err.value.line, err.value.column) == (row + 1, 1)


LINES = [
    "setup witches",
    "setup darklings",
    "witches: build E7",
    "witches: send p to air for 2",
    "darklings: upgrade E8 to sh",
    "witches: convert 1pw to 1c",
    "darklings: +2fire",
    "witches: leech 1 from darklings",
    "darklings: pass bon3",
    "witches: action act6. build F3",
]


@st.composite
def confused(draw: st.DrawFn) -> str:
    lines = list(draw(st.lists(st.sampled_from(LINES), min_size=1, max_size=6)))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        positions = [j for j, ch in enumerate(lines[i]) if ch.lower() in CONFUSABLES]
        if not positions:
            continue
        j = draw(st.sampled_from(positions))
        swap = draw(st.sampled_from(CONFUSABLES[lines[i][j].lower()]))
        lines[i] = lines[i][:j] + swap + lines[i][j + 1 :]
    return "\n".join(lines)


@settings(max_examples=300, deadline=None)
@given(confused())
def test_confusables_raise_only_tmlog_errors(text: str) -> None:
    with contextlib.suppress(TmlogError):
        replay(parse_log(text, source="c.log"))
