"""`tmlog vp`, `leech`, `stats` and `render`: output, exit codes, pictures."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

from .conftest import DROPOUT_GAME, LEDGER_DIR, SAMPLE_DIR


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# ----------------------------------------------------------------------- vp


def test_vp_table(runner: CliRunner) -> None:
    code, out, _ = run(runner, "vp", str(DROPOUT_GAME))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == str(DROPOUT_GAME)
    assert lines[1].split() == ["source", "cultists", "darklings", "swarmlings", "witches"]
    assert lines[2].split() == ["initial", "20", "20", "20", "20"]
    assert lines[-1].split() == ["total", "168", "152", "149", "92"]


def test_vp_json_records_sum_to_final_vp(
    runner: CliRunner, manifest: dict[str, dict[str, int]]
) -> None:
    code, out, _ = run(runner, "vp", str(LEDGER_DIR), "--format", "json")
    assert code == 0
    records = json.loads(out)
    assert set(records[0]) == {"game", "faction", "source", "vp"}
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in records:
        totals[Path(r["game"]).stem][r["faction"]] += r["vp"]
    assert totals == manifest


def test_vp_markdown_and_csv(runner: CliRunner) -> None:
    code, out, _ = run(runner, "vp", str(DROPOUT_GAME), "--format", "markdown")
    assert code == 0
    assert out.startswith(f"### {DROPOUT_GAME}\n\n| source | cultists |")
    code, out, _ = run(runner, "vp", str(DROPOUT_GAME), "--format", "csv")
    assert out.splitlines()[:2] == ["game,faction,source,vp", f"{DROPOUT_GAME},cultists,initial,20"]


def test_vp_timeline(runner: CliRunner) -> None:
    code, out, _ = run(runner, "vp", str(DROPOUT_GAME), "--timeline", "--format", "json")
    assert code == 0
    rows = {r["faction"]: r for r in json.loads(out)}
    assert list(rows["darklings"]) == [
        "game", "faction", "setup", "R1", "R2", "R3", "R4", "R5", "R6", "final",
    ]  # fmt: skip
    assert rows["cultists"]["setup"] == 20 and rows["cultists"]["final"] == 168


def test_vp_reads_stdin_and_reports_bad_logs(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.log"
    bad.write_text("witches: build\n", encoding="utf-8")
    text = DROPOUT_GAME.read_text(encoding="utf-8")
    result = runner.invoke(cli, ["vp", "-", str(bad), "--format", "csv"], input=text)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1].startswith("<stdin>,cultists,initial,20")
    assert result.stderr.startswith(f"Error: {bad}:1:")


# -------------------------------------------------------------------- leech


def test_leech_table(runner: CliRunner) -> None:
    code, out, _ = run(runner, "leech", str(DROPOUT_GAME))
    assert code == 0
    head, *rows = out.splitlines()
    assert head.split() == [
        "game", "faction", "offers", "offered_power", "accepted", "accepted_power",
        "declined", "declined_power", "lapsed", "lapsed_power", "vp_paid",
    ]  # fmt: skip
    assert rows[1].split()[1:] == ["cultists", "27", "40", "24", "33", "3", "7", "0", "0", "9"]


def test_leech_json_and_feeding(runner: CliRunner) -> None:
    code, out, _ = run(runner, "leech", str(SAMPLE_DIR), "--format", "json")
    assert code == 0
    records = json.loads(out)
    assert len(records) == 12
    assert {"game", "faction", "accepted_power", "vp_paid", "lapsed"} <= set(records[0])
    code, out, _ = run(runner, "leech", str(DROPOUT_GAME), "--feeding", "--format", "json")
    fed = json.loads(out)
    assert set(fed[0]) == {"game", "faction", "source_faction", "accepted", "accepted_power"}
    mine = [r for r in fed if r["faction"] == "cultists"]
    assert sum(r["accepted_power"] for r in mine) == 33


# -------------------------------------------------------------------- stats


def _dropped(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return set(re.findall(r"^(\w+) dropped from the game$", text, re.M))


def test_stats_equal_a_computation_from_the_manifest(runner: CliRunner) -> None:
    manifest = json.loads((LEDGER_DIR / "manifest.json").read_text(encoding="utf-8"))
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    left_out = 0
    for game in manifest["games"]:
        dropped = _dropped(LEDGER_DIR / game["log_file"])
        vp = {f: v for f, v in game["expected_total_vp"].items() if f not in dropped}
        left_out += len(game["expected_total_vp"]) - len(vp)
        best = max(vp.values())
        winners = [f for f, v in vp.items() if v == best]
        for faction in vp:
            games[faction] += 1
            if faction in winners:
                wins[faction] += 1 / len(winners)
    code, out, err = run(runner, "stats", str(LEDGER_DIR), "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert {r["faction"]: r["games"] for r in rows} == games
    assert {r["faction"]: r["wins"] for r in rows} == pytest.approx({f: wins[f] for f in games})
    assert err == f"stats: 42 games; left out: {left_out} dropped factions, 0 unfinished games\n"
    assert left_out == 6


def test_stats_table_by_seat(runner: CliRunner) -> None:
    code, out, _ = run(runner, "stats", str(LEDGER_DIR), "--by", "seat")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["seat", "faction", "games"]
    assert lines[-1] == "42 games; left out: 6 dropped factions, 0 unfinished games"
    seats = [int(line.split()[0]) for line in lines[1:-1]]
    assert seats == sorted(seats) and set(seats) == {1, 2, 3, 4}


def test_stats_lists_failures_at_the_end(runner: CliRunner, tmp_path: Path) -> None:
    broken = tmp_path / "illegal.log"
    broken.write_text("setup witches\nsetup nomads\nwitches: upgrade E5 to SH\n", "utf-8")
    result = runner.invoke(cli, ["stats", str(SAMPLE_DIR), str(broken), str(tmp_path / "no.txt")])
    assert result.exit_code == 1
    assert "3 games; left out: 1 dropped faction, 0 unfinished games" in result.stdout
    err = result.stderr.splitlines()
    assert err[0] == "2 of 5 logs failed and are not counted:"
    assert err[1].startswith(f"  {broken}:3: witches: upgrade E5 to SH: ")
    assert err[2] == f"  {tmp_path / 'no.txt'}: no such file or directory"


# ------------------------------------------------------------------ pictures


def _check_png(path: Path) -> None:
    from matplotlib.image import imread

    assert path.stat().st_size > 20_000
    pixels = imread(str(path))
    height, width = pixels.shape[:2]
    assert height >= 600 and width >= 900
    colours = {tuple(p) for p in pixels[::7, ::7].reshape(-1, pixels.shape[2]).tolist()}
    assert len(colours) > 30  # text, bars and fills, not a blank canvas


def _check_svg(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert path.stat().st_size > 20_000
    assert "<svg" in text and text.count("<path") + text.count("<use") > 50


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["vp", str(DROPOUT_GAME)], "vp.png"),
        (["vp", str(SAMPLE_DIR)], "vp-average.png"),
        (["vp", str(DROPOUT_GAME), "--timeline"], "timeline.svg"),
        (["leech", str(DROPOUT_GAME)], "leech.png"),
        (["stats", str(LEDGER_DIR)], "stats.png"),
        (["stats", str(SAMPLE_DIR), "--by", "seat"], "stats-seat.svg"),
    ],
)
def test_plots(runner: CliRunner, tmp_path: Path, args: list[str], name: str) -> None:
    out = tmp_path / name
    code, _, err = run(runner, *args, "--plot", str(out))
    assert code == 0, err
    assert err.endswith(f"wrote {out}\n")
    (_check_png if name.endswith(".png") else _check_svg)(out)


@pytest.mark.parametrize("at", [None, "R2T3", "120"])
def test_render(runner: CliRunner, tmp_path: Path, at: str | None) -> None:
    out = tmp_path / "map.png"
    args = ["render", str(DROPOUT_GAME), "-o", str(out)] + (["--at", at] if at else [])
    code, _, err = run(runner, *args)
    assert code == 0, err
    _check_png(out)


def test_render_svg_and_errors(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    assert run(runner, "render", str(DROPOUT_GAME), "-o", str(out))[0] == 0
    _check_svg(out)
    code, _, err = run(runner, "render", str(DROPOUT_GAME), "-o", str(tmp_path / "map.xyz"))
    assert code == 2 and ".png" in err and ".svg" in err and ".pdf" in err
    code, _, err = run(runner, "render", str(DROPOUT_GAME), "--at", "soon", "-o", str(out))
    assert code == 2
    code, out_, err = run(runner, "vp", str(DROPOUT_GAME), "--plot", str(tmp_path / "vp.xyz"))
    assert code == 2 and "Invalid value for '--plot'" in err and out_ == ""


# ------------------------------------------------------------------ imports


def test_matplotlib_is_imported_only_by_tmlog_plot() -> None:
    package = Path(__file__).parent.parent / "tmlog"
    importers = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if re.search(r"^\s*(?:from|import)\s+matplotlib\b", path.read_text("utf-8"), re.M)
    ]
    assert importers and all(p.startswith("plot/") for p in importers), importers


def test_cli_imports_pandas_and_matplotlib_only_when_needed() -> None:
    code = (
        "import sys, tmlog.cli, tmlog.corpus, tmlog.games.terra_mystica.replay;"
        "print('pandas' in sys.modules, 'matplotlib' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_stats_of_nothing(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "none.png"
    code, stdout, err = run(runner, "stats", str(tmp_path / "no.txt"), "--plot", str(out))
    assert code == 1
    assert stdout.splitlines()[-1] == "0 games; left out: 0 dropped factions, 0 unfinished games"
    assert "not written" in err and not out.exists()


def test_stats_leave_out_unfinished_games(runner: CliRunner, tmp_path: Path) -> None:
    lines = DROPOUT_GAME.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.txt"
    cut.write_text("".join(lines[:200]), encoding="utf-8")
    code, out, _ = run(runner, "stats", str(cut), str(SAMPLE_DIR / "4pLeague_S69_D1L1_G6.txt"))
    assert code == 0
    assert out.splitlines()[-1] == "1 game; left out: 0 dropped factions, 1 unfinished game"
    assert [line.split()[1] for line in out.splitlines()[1:-1]] == ["1"] * 4


README = Path(__file__).parent.parent / "README.md"


@pytest.mark.parametrize("command", ["vp", "leech", "stats"])
def test_readme_shows_real_output(
    runner: CliRunner, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocks = re.findall(r"```\n\$ tmlog (.*?)\n(.*?)```", README.read_text("utf-8"), re.S)
    # The first block of each command is its example with output (later ones,
    # such as the Dask address, show only how to call it).
    shown: dict[str, tuple[str, str]] = {}
    for args, output in blocks:
        shown.setdefault(args.split()[0], (args, output))
    args, output = shown[command]
    assert output
    monkeypatch.chdir(README.parent)
    result = runner.invoke(cli, args.split())
    assert result.stdout == output
