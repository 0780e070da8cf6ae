"""JSON that ``json.loads`` cannot read without a bare exception (issue 27).

An integer of more than 4,300 digits (Python's limit on converting one) made
``json.loads`` raise a bare ``ValueError``, and a results file nested 100,000
deep a ``RecursionError``: the command line said ``internal error``. Both
are now input errors naming the file (and where, for the number), from one
reader for the game JSON and the results files (:mod:`tmlog.json_input`).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import InputError, TmlogError
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.results import ResultsError, parse_results
from tmlog.json_input import JsonError, loads

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
