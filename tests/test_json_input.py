"""JSON that ``json.loads`` cannot read without a bare exception (issue 27).

An integer of more than 4,300 digits (Python's limit on converting one) made
``json.loads`` raise a bare ``ValueError``, and a results file nested 100,000
deep a ``RecursionError``: the command line said ``internal error``. Both
are now input errors naming the file (and where, for the number), from one
reader for the game JSON and the results files (:mod:`tmlog.json_input`).
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import InputError, TmlogError
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.results import ResultsError, parse_results
from tmlog.json_input import JsonError, json_prefix, loads

DATA = Path(__file__).parent / "data"
LONG = "1" * 5001


def test_the_issues_library_case_is_a_positioned_input_error() -> None:
    with pytest.raises(InputError) as caught:
        parse_log(b'{"ledger": [' + LONG.encode() + b"]}")
    assert isinstance(caught.value, TmlogError)
    # '{"ledger": [' is 12 characters: the number starts in column 13.
    assert (caught.value.line, caught.value.column) == (1, 13)
    assert str(caught.value) == "<string>:1:13: not valid JSON: a number of more than 4,300 digits"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        # Digits in a string, and the long parts of floats, read: the integer is found.
        (
            '{"a": "'
            + LONG
            + '",\n "b": [1.'
            + LONG
            + ", "
            + LONG
            + ".5, 1e"
            + LONG
            + ", -"
            + LONG
            + "]}",
            # ' "b": [', '1.' LONG, ', ', LONG, '.5, 1e', LONG, ', ', then the number's '-'.
            (2, 7 + 2 + 5001 + 2 + 5001 + 6 + 5001 + 2 + 1),
        ),
        ('["\\"' + LONG + '", \n\n  ' + LONG + "]", (3, 3)),
    ],
)
def test_the_long_number_is_found_outside_strings_and_floats(
    text: str, where: tuple[int, int]
) -> None:
    with pytest.raises(JsonError) as caught:
        loads(text, "x.json")
    assert (caught.value.line, caught.value.column) == where
    assert caught.value.reason == "a number of more than 4,300 digits"


def test_a_number_at_the_limit_reads() -> None:
    assert loads("[" + "7" * 4300 + "]", "x.json") == [int("7" * 4300)]


def test_nesting_too_deep_is_an_input_error() -> None:
    with pytest.raises(JsonError, match=r"^x\.json: nested too deeply$"):
        loads("[" * 100_000 + "]" * 100_000, "x.json")


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_a_value_nested_just_within_the_limit_is_quoted_in_the_error() -> None:
    """Nested nearly as deep as the recursion limit: ``loads`` reads it, and quoting
    it in the error a few frames deeper must not raise ``RecursionError`` (found by
    the fault campaign: a results file nested 991 deep). The window is a few
    levels wide and moves with the caller's stack, so every depth near the limit
    is tried; each is refused as a results file or as JSON, never anything else."""
    limit = sys.getrecursionlimit()
    for depth in range(limit - 120, limit + 5):
        with pytest.raises(ResultsError) as caught:
            parse_results(_nested(depth), source="r.json")
        assert "expected an object, got [[[[" in str(caught.value) or (
            "nested too deeply" in str(caught.value)
        )
        game = (
            b'{"ledger": [{"faction": "witches", "commands": "pass", "VP": '
            + _nested(depth)
            + b"}]}"
        )
        with pytest.raises(InputError):
            parse_log(game, source="g.json")


def test_json_prefix_is_the_start_of_json_dumps() -> None:
    value = {"games": [1, None, True, 1.5, "é\n", {"k": []}], "x": {}}
    for length in (1, 5, 40, 1000):
        for ascii_only in (True, False):
            expected = json.dumps(value, ensure_ascii=ascii_only)[:length]
            assert json_prefix(value, length, ensure_ascii=ascii_only) == expected


def _results(tmp_path: Path, text: str, name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"version": 2, "games": {"g": {"player_count": ' + LONG + "}}}",
            "not JSON: a number of more than 4,300 digits (line 1, column 48)",
        ),
        (
            '{"version": 2, "games": ' + "[" * 100_000 + "]" * 100_000 + "}",
            "not JSON: nested too deeply",
        ),
    ],
)
def test_results_files_that_json_cannot_read(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ResultsError) as caught:
        parse_results(text, source="r.json")
    assert str(caught.value) == f"r.json: {message}"
    for name, data in (("r.json", text.encode()), ("r.json.gz", gzip.compress(text.encode()))):
        path = tmp_path / name
        path.write_bytes(data)
        for command in ("stats", "ratings"):
            result = CliRunner().invoke(cli, [command, str(path)])
            assert result.exit_code == 1, result.output
            assert f"{path}: {message}" in result.stderr
            assert "internal error" not in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", ["g.json", "g.json.gz"])
def test_a_game_json_with_a_long_number_on_the_command_line(tmp_path: Path, name: str) -> None:
    text = '{"ledger": [{"comment": "x"}],\n "round": ' + LONG + "}"
    path = tmp_path / name
    path.write_bytes(gzip.compress(text.encode()) if name.endswith(".gz") else text.encode())
    for command in ("validate", "audit", "stats", "parse"):
        result = CliRunner().invoke(cli, [command, str(path)])
        assert result.exit_code == 1, result.output
        assert f"{path}:2:11: not valid JSON: a number of more than 4,300 digits" in result.stderr
        assert "internal error" not in result.output and "Traceback" not in result.output
