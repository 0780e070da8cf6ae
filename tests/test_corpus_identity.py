"""A game is one game, whatever its format: ledger, command log, game JSON (issue 27).

The same game saved as a ledger, as the command log ``tmlog convert`` makes
of it and as the site's game JSON (plain or gzipped) is counted once by every
command that counts games, and the run names the files it took as copies.
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tmlog.cli import cli
from tmlog.games.root.game import GAME as ROOT
from tmlog.games.terra_mystica.convert import ledger_to_commands
from tmlog.games.terra_mystica.game import GAME as TM
from tmlog.identity import game_id_of_path

DATA = Path(__file__).parent / "data"
LEDGER_DIR = DATA / "snellman-ledger"
SITE_JSON = DATA / "site-json"
RESULTS = DATA / "results" / "corpus-results.json"
G3 = "4pLeague_S64_D1L1_G3"
# manifest.json: the reference engine's final VP of G3 (the witches dropped out).
G3_VP = {"cultists": 168, "darklings": 152, "swarmlings": 149, "witches": 92}


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, [*args, "-q", "-j", "1", "--no-cache"])


def fingerprint(data: bytes, source: str, input_format: str | None = None) -> str:
    return TM.fingerprint(TM.parse(data, source=source, input_format=input_format))


def command_log(ledger: Path) -> str:
    return ledger_to_commands(TM.parse(ledger.read_bytes(), source=str(ledger)))


def four_formats(folder: Path) -> list[Path]:
    """G3 as its ledger, its command log, its game JSON gzipped and plain."""
    folder.mkdir()
    ledger = LEDGER_DIR / f"{G3}.txt"
    shutil.copy(ledger, folder / f"{G3}.txt")
    (folder / f"{G3}.log").write_text(command_log(ledger), encoding="utf-8")
    shutil.copy(SITE_JSON / f"{G3}.json.gz", folder / f"{G3}.json.gz")
    (folder / f"{G3}.json").write_bytes(gzip.decompress((SITE_JSON / f"{G3}.json.gz").read_bytes()))
    return sorted(folder.iterdir())


def test_every_format_of_a_game_has_one_fingerprint() -> None:
    """Each of the 42 corpus games: its ledger, its command log and (where the test
    data has it) its game JSON give one fingerprint; the 42 games give 42."""
    seen = set()
    for ledger in sorted(LEDGER_DIR.glob("*.txt")):
        mark = fingerprint(ledger.read_bytes(), str(ledger))
        commands = command_log(ledger).encode()
        assert fingerprint(commands, "game.log", "commands") == mark, ledger.name
        site = SITE_JSON / f"{ledger.stem}.json.gz"
        if site.exists():
            assert fingerprint(site.read_bytes(), str(site)) == mark, site.name
        seen.add(mark)
    assert len(seen) == 42


def test_a_changed_move_changes_the_fingerprint() -> None:
    ledger = (LEDGER_DIR / f"{G3}.txt").read_bytes()
    mark = fingerprint(ledger, "a.txt")
    # The darklings' first dwelling (row 'build B5') at another hex of their terrain.
    assert b"build B5" in ledger
    assert fingerprint(ledger.replace(b"build B5", b"build C2", 1), "b.txt") != mark
    # Comments and the engine's own notes are no part of it.
    assert fingerprint(b"# saved by hand\n" + ledger, "c.txt") == mark


def test_the_fingerprint_is_in_the_record() -> None:
    ledger = LEDGER_DIR / f"{G3}.txt"
    parsed = TM.parse(ledger.read_bytes(), source=str(ledger))
    record = TM.record(parsed, TM.replay(parsed), tables=("games",))
    assert record.fingerprint == TM.fingerprint(parsed) != ""


def test_game_id_of_a_file_name() -> None:
    assert [game_id_of_path(f"d/{G3}{s}") for s in (".txt", ".log", ".json", ".json.gz")] == [
        G3
    ] * 4
    assert game_id_of_path("season.1.txt") == "season.1"
    assert game_id_of_path("notes.md") == "notes.md"


@pytest.mark.parametrize("command", ["stats", "vp", "leech"])
def test_a_game_in_four_formats_is_counted_once(command: str, tmp_path: Path) -> None:
    files = four_formats(tmp_path / "games")
    result = run(command, str(tmp_path / "games"), "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    games = {r["game"] for r in rows} if command != "stats" else None
    if command == "stats":
        # One 4-player game; the witches dropped out, so three factions count, once each.
        assert sorted((r["faction"], r["games"]) for r in rows) == [
            ("cultists", 1),
            ("darklings", 1),
            ("swarmlings", 1),
        ]
        assert "stats: 1 game; left out: 1 dropped faction" in result.stderr
    else:
        assert games == {str(files[0])}
    if command == "vp":
        totals: dict[str, int] = {}
        for r in rows:
            totals[r["faction"]] = totals.get(r["faction"], 0) + r["vp"]
        assert totals == G3_VP
    # The run says which files it took as copies of which: the first file listed
    # (the plain JSON) is kept, the other three are its copies.
    first, *copies = files
    note = "3 duplicates (" + ", ".join(f"{c} = {first}" for c in copies) + ")"
    assert note in result.stderr


def test_export_counts_a_game_in_four_formats_once(tmp_path: Path) -> None:
    four_formats(tmp_path / "games")
    out = tmp_path / "out"
    result = run("export", str(tmp_path / "games"), "--to", "csv", str(out))
    assert result.exit_code == 0, result.output
    games = (out / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(games) == 2  # the header and one game
    assert "3 duplicates" in result.stderr


def test_a_results_game_is_known_in_a_gzipped_game_json(tmp_path: Path) -> None:
    """42 games in the results file; G3's game JSON beside it is the same game."""
    site = SITE_JSON / f"{G3}.json.gz"
    result = run("stats", str(RESULTS), str(site))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1].startswith("42 games; left out: 6 dropped factions")
    assert f"1 log already in results ({site} = {RESULTS}:{G3})" in result.stdout
    rated = run("ratings", str(RESULTS), str(site))
    assert "42 games rated of 42" in rated.stdout


def test_root_fingerprint_is_the_games_not_the_files() -> None:
    path = sorted((DATA / "rootlog").glob("*.rootlog"))[0]
    text = path.read_text(encoding="utf-8")
    mark = ROOT.fingerprint(ROOT.parse(text, source=str(path)))
    # A comment and blank lines added: the same game.
    again = ROOT.parse("// saved again\n\n" + text + "\n\n", source="copy.rootlog")
    assert ROOT.fingerprint(again) == mark
    # Its last turn left out: another game (unfinished).
    lines = text.rstrip("\n").split("\n")
    turns = [i for i, line in enumerate(lines) if line[:2] in ("P:", "V:", "E:", "M:", "C:")]
    last = turns[-1]
    shorter = ROOT.parse("\n".join(lines[:last] + lines[last + 1 :]), source="cut.rootlog")
    assert ROOT.fingerprint(shorter) != mark


def test_ratings_rate_a_game_in_four_formats_once(tmp_path: Path) -> None:
    four_formats(tmp_path / "games")
    result = run("ratings", str(tmp_path / "games"))
    assert result.exit_code == 0, result.output
    assert "1 game rated of 1 (0 results, 1 log)" in result.stdout
    assert "left out: 3 duplicates (" in result.stdout


def test_cached_records_know_their_game(tmp_path: Path) -> None:
    """The fingerprint is kept with the record: a warm run (records from the
    cache, no log replayed) leaves the same copies out as a cold one."""
    four_formats(tmp_path / "games")
    cache = tmp_path / "cache"
    args = ("stats", str(tmp_path / "games"), "-q", "-j", "1", "--cache", str(cache))
    for _ in ("cold", "warm"):
        result = CliRunner().invoke(cli, list(args))
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines()[-1].startswith(
            "1 game; left out: 1 dropped faction, 0 unfinished games, 3 duplicates ("
        )
