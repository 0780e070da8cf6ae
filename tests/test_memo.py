"""The fast path (framing + memo) agrees with parsing every row whole."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tmlog.errors import LogSyntaxError
from tmlog.games.terra_mystica.parse import parse_log

WORDS = (
    *("build", "upgrade", "to", "TP", "te", "send", "p", "for", "convert", "3PW", "1W"),
    *("pass", "BON3", "leech", "2", "from", "cultists", "decline", "E5", "F3", "r5"),
    *("action", "ACT6", "BON1", "+EARTH", "-SPADE", "+2FIRE", "+3vp", "network", "dig"),
    *("1", "transform", "brown", "grey", "bridge", "connect", "wait", "done", "burn"),
    *("advance", "ship", ".", ".", ":", "#", "##", "setup", "income", "option", "map", "x"),
)
PREFIXES = ["nomads: ", "Witches : ", "engineers:", "", "gnomes: ", "# c: "]


def outcome(text: str, memo: bool) -> object:
    try:
        log = parse_log(text, input_format="commands", memo=memo)
    except LogSyntaxError:
        return "error"
    return log.rows, [(a.line, a.column) for a in log.actions]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(PREFIXES), st.lists(st.sampled_from(WORDS), max_size=8)),
        min_size=1,
        max_size=4,
    )
)
def test_memo_agrees_with_whole_rows(rows: list[tuple[str, list[str]]]) -> None:
    text = "\n".join(prefix + " ".join(words) for prefix, words in rows)
    if not text.strip():
        return
    assert outcome(text, memo=True) == outcome(text, memo=False)


def test_long_rows_are_not_memoised() -> None:
    # Found by the fault campaign: the library's memory grew to 300 MB over
    # 64,000 damaged logs, because every distinct long row (a row of 5,000
    # repeated sub-commands, a 200,000-character line) stayed in the memo,
    # which was bounded by its entry count only.
    from tmlog.games.terra_mystica import parse

    parse.clear_cache()
    rows = [f"witches: {'+1C. ' * 400}+{n}W" for n in range(50)]  # 2 KB each, all distinct
    rows += [f"# a long comment {'x' * 5000} {n}" for n in range(50)]
    text = "setup witches\n" + "\n".join(rows) + "\n"
    first = parse_log(text, source="long.log")
    held = sum(len(key) for table in parse._MEMO.values() for key in table)
    assert held < 10_000, held  # the short rows only (the setup row and its parts)
    again = parse_log(text, source="long.log")
    assert again.actions == first.actions and len(first.actions) == 1 + 50 * 401 + 50
