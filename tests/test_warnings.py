"""Warnings of the rules reach the user, with their line: library, ``validate``, ``replay``.

The reference engine lets some irregular commands pass with a warning on the
ledger row (an offer answered out of order without ``strict-leech``, a bonus
tile named when passing in round 6 …). tmlog reports each as a
:class:`~tmlog.games.terra_mystica.replay.events.RuleWarning`, and
:attr:`Replay.warnings` and the commands print it as
``source:line: faction: command: text``.

The logs are real corpus ledgers edited in one place; every row keeps the
values the game recorded, so the replay must still match every recorded
value (the audit) and the reference engine's final VP (``manifest.json``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli
from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.audit import audit
from tmlog.games.terra_mystica.parse import parse_log
from tmlog.games.terra_mystica.replay import Replayer, command_stream, replay, rewrite_stream
from tmlog.games.terra_mystica.replay.events import RuleWarning

from .conftest import LEDGER_DIR
from .rulecheck import rows_of

GAME = "4pLeague_S65_D1L1_G4"
FIRST, SECOND = "Leech 2 from nomads", "Leech 2 from darklings"
"""The witches' answers to two offers of 2 power, in the order the game has them
(round 4, turn 2: the nomads built first, then the darklings)."""


def _ledger_lines(*, strict: bool) -> list[str]:
    lines = (LEDGER_DIR / f"{GAME}.txt").read_text(encoding="utf-8").splitlines()
    if not strict:
        lines.remove("option strict-leech")
    return lines


def out_of_order(*, strict: bool = False) -> tuple[str, int, list[str]]:
    """The game with the witches' two answers exchanged (each row keeps its values).

    Returns the text, the line of the answer that came late, and the lines.
    Both offers are of 2 power, so after each row the witches hold what the
    game recorded there whichever offer they answer first.
    """
    lines = _ledger_lines(strict=strict)
    i = next(
        i
        for i in range(len(lines) - 1)
        if lines[i].startswith("witches\t")
        and lines[i].endswith("\t" + FIRST)
        and lines[i + 1].startswith("witches\t")
        and lines[i + 1].endswith("\t" + SECOND)
    )
    lines[i] = lines[i].removesuffix(FIRST) + SECOND
    lines[i + 1] = lines[i + 1].removesuffix(SECOND) + FIRST
    return "\n".join(lines) + "\n", i + 2, lines


LEECH_TEXT = "'leech 2 from nomads' should happen before 'leech 2 from darklings'"


def leech_warning(source: str, line: int) -> str:
    return f"{source}:{line}: witches: leech 2 from nomads: {LEECH_TEXT}"


# ------------------------------------------------------------------ library


def test_out_of_order_leech_warns_and_the_numbers_match(
    manifest: dict[str, dict[str, int]],
) -> None:
    text, line, _ = out_of_order()
    log = parse_log(text, source="swapped.txt")
    result = replay(log)
    assert result.error is None
    assert result.warnings == [leech_warning("swapped.txt", line)]
    report = audit(log, result)
    assert report.ok, report.divergences[:3]
    assert report.rows_compared == len([r for r in log.rows if r.recorded is not None])
    assert result.final_vp() == manifest[GAME]


def test_the_row_carries_the_warning_too() -> None:
    text, line, _ = out_of_order()
    result = replay(parse_log(text, source="swapped.txt"))
    (row,) = [r for r in rows_of(result, "witches") if r.lines == [line]]
    assert row.warning == LEECH_TEXT


def test_in_order_there_is_no_warning() -> None:
    text = "\n".join(_ledger_lines(strict=False)) + "\n"
    result = replay(parse_log(text, source="lenient.txt"))
    assert result.error is None and result.warnings == []


def test_with_strict_leech_the_same_words_are_an_error() -> None:
    text, line, _ = out_of_order(strict=True)
    result = replay(parse_log(text, source="strict.txt"))
    assert isinstance(result.error, IllegalMove)
    assert str(result.error) == leech_warning("strict.txt", line)
    assert result.warnings == []


def test_warnings_without_rows_are_the_same() -> None:
    """The statistics path (no ledger rows) reports the same warnings."""
    text, line, _ = out_of_order()
    log = parse_log(text, source="swapped.txt")
    assert replay(log, rows=False).warnings == [leech_warning("swapped.txt", line)]


def test_bonus_tile_named_on_a_last_round_pass(manifest: dict[str, dict[str, int]]) -> None:
    """Passing in round 6 takes no bonus tile: one named is ignored with a warning."""
    lines = (LEDGER_DIR / f"{GAME}.txt").read_text(encoding="utf-8").splitlines()
    i = next(
        i
        for i, text in enumerate(lines)
        if text.startswith("cultists\t")
        and text.endswith("\tpass")
        and i > lines.index("Round 6 income")
    )
    lines[i] += " BON1"
    log = parse_log("\n".join(lines) + "\n", source="bonus.txt")
    result = replay(log)
    text = "Can't take a bonus tile when passing on last round"
    assert result.warnings == [f"bonus.txt:{i + 1}: cultists: pass BON1: {text}"]
    assert audit(log, result).ok
    assert result.final_vp() == manifest[GAME]


def test_rule_warning_events_name_line_faction_and_command() -> None:
    text, line, _ = out_of_order()
    replayer = Replayer()
    warnings: list[RuleWarning] = []
    for action in rewrite_stream(command_stream(parse_log(text, source="swapped.txt"))):
        warnings += [e for e in replayer.push(action) if isinstance(e, RuleWarning)]
    warnings += [e for e in replayer.finish() if isinstance(e, RuleWarning)]
    assert [(w.line, w.faction, w.command, w.text) for w in warnings] == [
        (line, "witches", "witches: leech 2 from nomads", LEECH_TEXT)
    ]
    assert (warnings[0].round, warnings[0].turn) == (4, 2)


# ---------------------------------------------------------------- commands


@pytest.fixture
def swapped(tmp_path: Path) -> tuple[Path, int, list[str]]:
    text, line, lines = out_of_order()
    path = tmp_path / "swapped.txt"
    path.write_text(text, encoding="utf-8")
    return path, line, lines


def test_validate_prints_the_warning(
    swapped: tuple[Path, int, list[str]], manifest: dict[str, dict[str, int]]
) -> None:
    path, line, _ = swapped
    result = CliRunner().invoke(cli, ["validate", "--jobs", "1", str(path)])
    assert result.exit_code == 0, result.output
    assert f"warning: {leech_warning(str(path), line)}" in result.stderr.splitlines()
    ranked = sorted(manifest[GAME].items(), key=lambda kv: (-kv[1], kv[0]))
    vp = ", ".join(f"{name} {points}" for name, points in ranked)
    assert result.stdout.splitlines() == [f"OK {path}: 4 factions, 6 rounds, final VP {vp}"]


def test_replay_prints_the_warning_and_the_recorded_values(
    swapped: tuple[Path, int, list[str]],
) -> None:
    path, line, lines = swapped
    result = CliRunner().invoke(cli, ["replay", str(path), "--at", str(line)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [f"warning: {leech_warning(str(path), line)}"]
    # The ledger's row on that line: "witches  -1  40 VP  9 C  5 W  1 P  +2  2/5/0 PW …".
    cells = [c for c in lines[line - 1].split("\t") if c]
    recorded = [cells[2], cells[3], cells[4], cells[5], cells[7]]
    assert recorded == ["40 VP", "9 C", "5 W", "1 P", "2/5/0 PW"]
    (witches,) = [r.split() for r in result.stdout.splitlines() if r.startswith("witches ")]
    assert witches[1:6] == ["40", "9", "5", "1", "2/5/0"]


def test_replay_json_prints_the_warning_on_stderr(swapped: tuple[Path, int, list[str]]) -> None:
    path, line, _ = swapped
    result = CliRunner().invoke(cli, ["replay", "--format", "json", str(path)])
    assert result.exit_code == 0, result.output
    assert f"warning: {leech_warning(str(path), line)}" in result.stderr.splitlines()
    assert result.stdout.lstrip().startswith("{")


def test_replay_prints_the_warnings_before_an_error(tmp_path: Path) -> None:
    """A later illegal command does not hide the warnings before it."""
    _, line, lines = out_of_order()
    # Cut after the late answer; the witches then take two actions in one turn.
    kept = lines[:line]
    faction_row = lines[line - 1].split("\t")
    kept.append("\t".join([*faction_row[:-1], "upgrade F6 to SH. upgrade F6 to SH"]))
    path = tmp_path / "broken.txt"
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 1
    err = result.stderr.splitlines()
    assert err[0] == f"warning: {leech_warning(str(path), line)}"
    assert err[1].startswith(f"Error: {path}:{line + 1}: witches: upgrade F6 to SH: "), err
    assert "already used their action this turn" in err[1]
