"""`tmlog report LOG -o game.html`: the page of one game, read back with the standard library.

Every figure the page shows is compared with what another command prints for
the same log (`tmlog vp`, `leech`, `replay --at`, `audit`, `render`'s map) or
with the figures the README and the audit tests state, never with the
report's own code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

from .conftest import DATA, DROPOUT_GAME, SAMPLE_DIR
from .html_page import Page, read_page

SAMPLES = sorted(SAMPLE_DIR.glob("*.txt"))
FIRE_ICE = (
    DATA
    / "fire-ice"
    / "fi-side1_riverwalkers-v2-icemaidens-dragonlords-cultists_connected-distance.log"
)
LOGS = [*SAMPLES, FIRE_ICE]
ROOT_LOGS = [
    DATA / "rootlog" / "2020_11_19_orderly_eyrie.rootlog",
    DATA / "rootlog" / "2020_11_26_winter_tournament_r1g3.rootlog",
]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


_PAGES: dict[Path, tuple[Page, int]] = {}


def page_of(log: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Page, int]:
    """The page of ``log`` (written once per test run) and its size in bytes."""
    if log not in _PAGES:
        out = tmp_path_factory.mktemp("report") / "game.html"
        code, _, err = run("report", str(log), "-o", str(out))
        assert code == 0, err
        text = out.read_text(encoding="utf-8")
        _PAGES[log] = (read_page(text), len(text.encode()))
    return _PAGES[log]


def _json(*args: str) -> object:
    code, out, err = run(*args)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("log", [*LOGS, *ROOT_LOGS], ids=lambda p: p.name)
def test_vp_by_source_and_final_vp_are_tmlog_vps(
    log: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page, _ = page_of(log, tmp_path_factory)
    rows = _json("vp", str(log), "--format", "json")
    assert isinstance(rows, list)
    expected = {(r["faction"], r["source"]): r["vp"] for r in rows}
    table = page.rows("vp-table")
    sides = table[0][1:]
    shown = {
        (side, row[0]): int(cell)
        for row in table[1:-1]
        for side, cell in zip(sides, row[1:], strict=True)
        if int(cell)
    }
    assert shown == {k: v for k, v in expected.items() if v}
    totals = {side: sum(v for (f, _), v in expected.items() if f == side) for side in sides}
    assert table[-1] == ["total", *(str(totals[s]) for s in sides)]
    final = {
        r.cells[0].replace(" (dropped out)", ""): int(r.cells[2]) for r in page.tables["sides"][1:]
    }
    assert final == totals


def test_the_header_of_the_dropout_game(tmp_path_factory: pytest.TempPathFactory) -> None:
    # The README's audit line: final VP cultists 168, darklings 152, swarmlings 149, witches 92.
    page, _ = page_of(DROPOUT_GAME, tmp_path_factory)
    facts = dict((r[0], r[1]) for r in page.rows("facts"))
    assert facts["map"] == "Original"
    assert facts["winner"] == "cultists"
    assert facts["final score"] == "cultists 168, darklings 152, swarmlings 149"
    assert facts["dropped out"] == "witches"
    players = {r.cells[0]: r.cells[1] for r in page.tables["sides"][1:]}
    assert players["cultists"] == "tom8918"
    assert "308" in page.text  # "308 rows match", as `tmlog audit` says


@pytest.mark.parametrize("log", SAMPLES, ids=lambda p: p.name)
def test_the_leech_tables_are_tmlog_leechs(
    log: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page, _ = page_of(log, tmp_path_factory)
    totals = _json("leech", str(log), "--format", "json")
    assert isinstance(totals, list)
    shown = page.rows("leech-totals")
    columns = shown[0][1:]
    assert {r[0]: [int(c) for c in r[1:]] for r in shown[1:]} == {
        t["faction"]: [t[c] for c in columns] for t in totals
    }
    feeding = _json("leech", str(log), "--feeding", "--format", "json")
    assert isinstance(feeding, list)
    fed = page.rows("fed")
    builders = fed[0][1:]
    cells = {
        (row[0], by): cell for row in fed[1:] for by, cell in zip(builders, row[1:], strict=True)
    }
    for f in feeding:
        assert cells.pop((f["faction"], f["source_faction"])) == (
            f"{f['accepted_power']} ({f['accepted']})"
        )
    assert set(cells.values()) == {"-"}


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_a_step_holds_what_replay_at_gives(
    log: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page, size = page_of(log, tmp_path_factory)
    assert size < 1_500_000
    data = page.data()
    steps = data["steps"]
    count = len(steps["at"])
    assert count > 100
    for i in sorted(
        {0, 1, count // 7, count // 3, count // 2, 2 * count // 3, count - 2, count - 1}
    ):
        state = _json("replay", str(log), "--at", steps["at"][i], "--format", "json")
        assert isinstance(state, dict)
        for name, f in state["factions"].items():
            values = {m: data["values"][m][name][i] for m in data["values"]}
            cults = f["cults"]
            assert values == {
                "VP": f["vp"],
                "C": f["c"],
                "W": f["w"],
                "P": f["p"],
                "P1": f["power"][0],
                "P2": f["power"][1],
                "P3": f["power"][2],
                "Fire": cults["fire"],
                "Water": cults["water"],
                "Earth": cults["earth"],
                "Air": cults["air"],
            }, (steps["at"][i], name)
        assert steps["label"][i].startswith(f"line {steps['at'][i]} · ")


@pytest.mark.parametrize("log", SAMPLES, ids=lambda p: p.name)
def test_a_step_is_named_by_the_ledgers_round_and_turn(
    log: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    # The ledger heads its rows "Round 3, turn 2" (and "Round 4 income", turn 0 here).
    heading: dict[int, tuple[int, int] | None] = {}
    now = None
    for number, text in enumerate(log.read_text(encoding="utf-8").split("\n"), 1):
        if m := re.match(r"Round (\d+), turn (\d+)", text):
            now = (int(m[1]), int(m[2]))
        elif m := re.match(r"Round (\d+) income", text):
            now = (int(m[1]), 0)
        heading[number] = now
    page, _ = page_of(log, tmp_path_factory)
    steps = page.data()["steps"]
    named = 0
    for at, label in zip(steps["at"], steps["label"], strict=True):
        if heading[int(at)] is not None:
            r, t = heading[int(at)]
            assert label.endswith(f"round {r}, turn {t}"), (at, label)
            named += 1
    assert named > 200


def test_every_ledger_row_is_a_step_of_the_ledger_table(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    page, _ = page_of(DROPOUT_GAME, tmp_path_factory)
    rows = page.tables["ledger-table"][1:]
    assert len(rows) == 308  # `tmlog audit`: "308 rows match"
    assert not [r for r in rows if "diverges" in r.attrs.get("class", "")]
    assert {r.cells[-1] for r in rows} == {"✓"}
    # Line 167: the cultists' "action BON1. build E5" (the ledger's own row).
    (row,) = [r for r in rows if r.cells[0] == "167"]
    assert row.cells[2:4] == ["cultists", "action BON1. build E5"]


def test_a_diverging_row_is_marked(tmp_path: Path) -> None:
    # tests/test_audit.py: line 28 (the witches' setup row) recorded as 16 C; the rules give 15.
    text = DROPOUT_GAME.read_text(encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("witches\t\t20 VP\t\t15 C", "witches\t\t20 VP\t\t16 C", 1), "utf-8")
    out = tmp_path / "bad.html"
    code, _, err = run("report", str(bad), "-o", str(out))
    assert code == 0, err
    page = read_page(out.read_text(encoding="utf-8"))
    marked = [r for r in page.tables["ledger-table"][1:] if "diverges" in r.attrs.get("class", "")]
    assert [r.cells[0] for r in marked] == ["28"]
    assert "witches c: recorded 16, replayed 15" in marked[0].cells[-1]
    marks = page.data()["steps"]["marks"]
    assert list(marks.values()) == [["witches c: recorded 16, replayed 15"]]
    assert page.data()["steps"]["at"][int(next(iter(marks)))] == "28"


def test_the_last_board_is_renders_map(tmp_path_factory: pytest.TempPathFactory) -> None:
    from tmlog import parse_file
    from tmlog.games.terra_mystica.frames import board_frames
    from tmlog.games.terra_mystica.replay import replay

    page, _ = page_of(DROPOUT_GAME, tmp_path_factory)
    data = page.data()
    last = data["boards"][data["steps"]["board"][-1]]
    shown = {
        (data["pieces"][i][0], data["pieces"][i][1])
        for i in last
        if data["pieces"][i][1] in ("D", "TP", "TE", "SH", "SA")
    }
    hexes = board_frames(replay(parse_file(DROPOUT_GAME))).hexes
    built = hexes[hexes.building.notna()]
    assert shown == set(zip(built.hex, built.building, strict=True))
    towns = {data["pieces"][i][0] for i in last if data["pieces"][i][1] == "town"}
    assert towns == set(built[built.town].hex)


def test_the_page_asks_the_network_for_nothing(tmp_path_factory: pytest.TempPathFactory) -> None:
    page, _ = page_of(DROPOUT_GAME, tmp_path_factory)
    assert page.sources == []
    assert {link["href"][:6] for link in page.links} == {"#step-"}


def test_each_warning_links_to_its_step(tmp_path_factory: pytest.TempPathFactory) -> None:
    # `tmlog validate` warns about this log at lines 22, 25 and 26 (the Ice Maidens' favour).
    code, _, err = run("validate", str(FIRE_ICE))
    assert code == 0
    warned = [w.removeprefix("warning: ") for w in err.splitlines() if w.startswith("warning: ")]
    assert [int(w.split(":")[1]) for w in warned] == [22, 25, 26]
    page, _ = page_of(FIRE_ICE, tmp_path_factory)
    steps = page.data()["steps"]
    for text in warned:
        assert text in page.text
    links = [a for a in page.links if a.get("data-step") and a["text"].startswith("line ")]
    assert len(links) == 3
    lines = [int(at) for at in steps["at"]]
    for a, text in zip(links, warned, strict=True):
        line = int(text.split(":")[1])
        step = int(a["data-step"])
        # The first step at or after the warning's line.
        assert lines[step] >= line and (step == 0 or lines[step - 1] < line)
        assert a["href"] == f"#step-{step}"


# -------------------------------------------------------------------- Root


@pytest.mark.parametrize("log", ROOT_LOGS, ids=lambda p: p.name)
def test_a_root_turn_holds_what_replay_at_gives(
    log: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page, size = page_of(log, tmp_path_factory)
    assert size < 1_500_000
    data = page.data()
    steps = data["steps"]
    count = len(steps["at"])
    # One step per turn line: `tmlog replay`'s JSON counts the turns played.
    last = _json("replay", str(log), "--format", "json")
    assert isinstance(last, dict)
    assert count == last["turns_played"]
    faction_of = {side["color"]: side["name"] for side in data["sides"]}
    # r1g3's line 45: both Vagabonds in the forest 10_11_12 (`G:p->10_11_12`).
    forest = [i for i, at in enumerate(steps["at"]) if at == "45"]
    for i in sorted({0, 1, count // 3, count // 2, count - 1, *forest}):
        state = _json("replay", str(log), "--at", steps["at"][i], "--format", "json")
        assert isinstance(state, dict)
        assert state["turns_played"] == i + 1
        for name, vp in state["vp"].items():
            assert data["values"]["VP"][name][i] == vp
            assert data["values"]["cards"][name][i] == state["hands"][name]
        # Every clearing's ruler, and each faction's warriors there.
        board = [data["pieces"][p] for p in data["boards"][steps["board"][i]]]
        for clearing in state["clearings"]:
            here = [p for p in board if p[0] == str(clearing["clearing"])]
            rulers = [faction_of[p[2]] for p in here if p[1] == "ruler"]
            assert rulers == ([clearing["ruler"]] if clearing["ruler"] else [])
            warriors = {faction_of[p[2]]: int(p[3]) for p in here if p[1] == "warrior"}
            assert warriors == {f: n for f, code, n in clearing["pieces"] if code == "w"}
            pieces = sum(1 for p in here if p[1] in ("building", "token"))
            assert pieces == sum(n for _, code, n in clearing["pieces"] if code[0] in "bt")
        # Each Vagabond's pawn, in its clearing or its forest (`10_11_12`).
        pawns = sorted((p[0], faction_of[p[2]]) for p in board if p[1] == "pawn")
        held = [(str(c["clearing"]), c["pieces"]) for c in state["clearings"]]
        held += [(k, v) for k, v in state["elsewhere"].items() if k.replace("_", "").isdigit()]
        assert pawns == sorted((place, f) for place, pieces in held for f, code, _ in pieces
                               if code == "p")  # fmt: skip
        if i in forest:
            assert [p for p in pawns if p[0] == "10_11_12"] == [
                ("10_11_12", "G"),
                ("10_11_12", "V"),
            ]


def test_root_warnings_link_to_their_turn(tmp_path_factory: pytest.TempPathFactory) -> None:
    # `tmlog vp` warns: line 38, "E:b->4: clearing 4 has 0 open slots" (the turn line 38).
    page, _ = page_of(ROOT_LOGS[0], tmp_path_factory)
    steps = page.data()["steps"]
    links = [a for a in page.links if a.get("data-step") and a["text"].startswith("line 38 ")]
    assert links  # line 38 has two warnings
    assert {steps["at"][int(a["data-step"])] for a in links} == {"38"}
    assert "clearing 4 has 0 open slots" in page.text


# ------------------------------------------------------------------ the command


def test_an_existing_page_is_kept_without_force(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    out.write_text("mine", "utf-8")
    code, _, err = run("report", str(DROPOUT_GAME), "-o", str(out))
    assert code == 2 and "already exists" in err and "Traceback" not in err
    assert out.read_text("utf-8") == "mine"
    code, _, err = run("report", str(DROPOUT_GAME), "-o", str(out), "--force")
    assert code == 0, err
    assert out.read_text("utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("args", "status", "says"),
    [
        (["{log}", "-o", "{tmp}/game.png"], 2, "must end in .html"),
        (["{log}", "-o", "{tmp}/no/such/folder/game.html"], 1, "cannot write"),
        (["{tmp}", "-o", "{tmp}/game.html"], 2, "no log tmlog report DIR serves"),
        (["{tmp}/missing.txt", "-o", "{tmp}/game.html"], 1, "missing.txt"),
        (["{log}"], 2, "Missing option"),
    ],
)
def test_usage_and_input_errors(tmp_path: Path, args: list[str], status: int, says: str) -> None:
    filled = [a.format(log=DROPOUT_GAME, tmp=tmp_path, data=SAMPLE_DIR) for a in args]
    code, _, err = run("report", *filled)
    assert code == status, err
    assert says in err and "Traceback" not in err
    assert not (tmp_path / "game.html").exists()


def test_the_template_and_script_are_package_data() -> None:
    from tmlog.report.html import page_parts

    parts = page_parts()
    assert set(parts) == {"game.html.j2", "watch.js", "watch.css"}
    assert all(parts.values())


# ------------------------------------------------------------------ a corpus

CORPUS = DATA / "fire-ice"  # ten games: 3, 4 and 5 players, seven maps


@pytest.fixture(scope="module")
def corpus_page(tmp_path_factory: pytest.TempPathFactory) -> Page:
    out = tmp_path_factory.mktemp("corpus") / "stats.html"
    code, _, err = run("report", str(CORPUS), "-o", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    assert len(text.encode()) < 1_500_000
    return read_page(text)


GROUPS = [(), ("players",), ("map",), ("players", "map")]
FILTERS = ("players", "map", "rating_band")


def _tables(rows: object, by: tuple[str, ...]) -> dict[str, list[dict[str, object]]]:
    """`tmlog stats --format json`'s rows by the page's filter key (`4|all|1000+`)."""
    assert isinstance(rows, list) and rows
    tables: dict[str, list[dict[str, object]]] = {}
    for row in rows:
        key = "|".join(str(row.pop(c)) if c in row else "all" for c in FILTERS)
        tables.setdefault(key, []).append(row)
    return tables


def _shown(page: Page, by: tuple[str, ...]) -> dict[str, list[dict[str, object]]]:
    data = json.loads(page.scripts["corpus-data"])
    return {k: v for k, v in data["rates"].items() if _grouped_as(k) == by}


@pytest.mark.parametrize("by", GROUPS, ids=lambda b: "-".join(b) or "all")
def test_the_corpus_win_rates_are_tmlog_stats(corpus_page: Page, by: tuple[str, ...]) -> None:
    # No player of these ten games has the five games a rating needs: every game
    # is in band `all` only, and `all` is `tmlog stats` itself.
    args = [a for b in by for a in ("--by", b)]
    tables = _tables(_json("stats", str(CORPUS), *args, "--format", "json", "-q"), by)
    shown = _shown(corpus_page, by)
    assert shown.keys() == tables.keys()
    for key, rows in tables.items():
        assert shown[key] == [pytest.approx(r, abs=1e-6) for r in rows], key


def _grouped_as(key: str) -> tuple[str, ...]:
    players, map_name, _ = key.split("|")
    return tuple(c for c, v in (("players", players), ("map", map_name)) if v != "all")


LEAGUE = DATA / "snellman-ledger"  # 42 games: rated players, two games all rated 1000+


@pytest.fixture(scope="module")
def league_page(tmp_path_factory: pytest.TempPathFactory) -> Page:
    out = tmp_path_factory.mktemp("league") / "stats.html"
    code, _, err = run("report", str(LEAGUE), "-o", str(out))
    assert code == 0, err
    text = out.read_text(encoding="utf-8")
    _OPTIONS[LEAGUE] = re.findall(r'<option value="([^"]*)">', text.split('id="band"')[1])
    return read_page(text)


_OPTIONS: dict[Path, list[str]] = {}
"""The band select's options of a page."""


@pytest.mark.parametrize("by", GROUPS, ids=lambda b: "-".join(b) or "all")
def test_each_rating_band_is_tmlog_stats_by_rating_band(
    league_page: Page, by: tuple[str, ...]
) -> None:
    args = [a for b in (*by, "rating-band") for a in ("--by", b)]
    tables = _tables(_json("stats", str(LEAGUE), *args, "--format", "json", "-q"), by)
    assert any(k.endswith("|1000+") for k in tables)  # a band with games of its own
    shown = _shown(league_page, by)
    assert shown.keys() == tables.keys()
    for key, rows in tables.items():
        assert shown[key] == [pytest.approx(r, abs=1e-6) for r in rows], key
    # Band `all` holds every game: it is `tmlog stats` without the band.
    plain = [a for b in by for a in ("--by", b)]
    whole = _tables(_json("stats", str(LEAGUE), *plain, "--format", "json", "-q"), by)
    assert {k: v for k, v in shown.items() if k.endswith("|all")} == {
        k: [pytest.approx(r, abs=1e-6) for r in v] for k, v in whole.items()
    }


def test_the_band_filter_offers_the_sites_bands_and_keeps_their_games(league_page: Page) -> None:
    assert "Rating band" in league_page.text
    assert _OPTIONS[LEAGUE] == ["all", "1000+", "1250+"]  # as the site offers them
    data = json.loads(league_page.scripts["corpus-data"])
    games = {
        r.cells[0]: r.attrs["data-bands"].split() for r in league_page.tables["games-table"][1:]
    }
    kept = [game for game, bands in games.items() if "1000+" in bands]
    assert len(kept) == 2  # S64 D1L1 G5 and S66 D1L1 G5
    assert all("all" in bands and "1250+" not in bands for bands in games.values())
    # The games the list keeps for 1000+ are those the band's table counts.
    alone = _tables(_json("stats", *kept, "--format", "json", "-q"), ())
    assert data["rates"]["all|all|1000+"] == [
        pytest.approx(r, abs=1e-6) for r in alone["all|all|all"]
    ]


def test_roots_page_has_the_bands_and_each_is_tmlog_stats_by_rating_band(tmp_path: Path) -> None:
    out = tmp_path / "root.html"
    code, _, err = run("report", str(DATA / "rootlog"), "-o", str(out))
    assert code == 0, err
    page = read_page(out.read_text(encoding="utf-8"))
    data = json.loads(page.scripts["corpus-data"])
    assert "Rating band" in page.text
    assert re.findall(r'<option value="([^"]*)">', out.read_text().split('id="band"')[1])[:3] == [
        "all",
        "1000+",
        "1250+",
    ]
    # No Root player of these eight games has the five games a listed rating needs:
    # every game's lowest rating is 0, so bands 1000+ and 1250+ hold no game.
    expected = _tables(
        _json("stats", str(DATA / "rootlog"), "--by", "rating-band", "--format", "json", "-q"),
        ("rating_band",),
    )
    assert set(expected) == {"all|all|all"}
    assert data["rates"]["all|all|all"] == [
        pytest.approx(r, abs=1e-6) for r in expected["all|all|all"]
    ]
    assert not data["rates"].get("all|all|1000+")


def test_a_game_that_offers_no_rating_band_has_no_band_filter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tmlog.games.root.commands import Groupings

    monkeypatch.setattr(Groupings, "choices", ("players", "map", "seat", "deck"))
    out = tmp_path / "root.html"
    code, _, err = run("report", str(DATA / "rootlog"), "-o", str(out))
    assert code == 0, err
    page = read_page(out.read_text(encoding="utf-8"))
    data = json.loads(page.scripts["corpus-data"])
    assert 'id="band"' not in out.read_text(encoding="utf-8") and "Rating band" not in page.text
    assert data["rates"] and all(k.endswith("|all") for k in data["rates"])
    # Its tables are still `tmlog stats`'s.
    expected = _tables(_json("stats", str(DATA / "rootlog"), "--format", "json", "-q"), ())
    assert data["rates"]["all|all|all"] == [
        pytest.approx(r, abs=1e-6) for r in expected["all|all|all"]
    ]


def test_the_corpus_lists_its_games(corpus_page: Page) -> None:
    rows = corpus_page.tables["games-table"][1:]
    assert len(rows) == 10
    assert sorted(int(r.cells[1]) for r in rows) == [3, 4, 4, 4, 4, 4, 4, 4, 4, 5]
    assert "10 games" in corpus_page.text


def test_the_corpus_vp_by_source_is_tmlog_vps_per_game(corpus_page: Page) -> None:
    rows = _json("vp", str(CORPUS), "--format", "json", "-q")
    assert isinstance(rows, list)
    sums: dict[tuple[str, str], int] = {}
    games: dict[str, set[str]] = {}
    for r in rows:
        sums[(r["faction"], r["source"])] = sums.get((r["faction"], r["source"]), 0) + r["vp"]
        games.setdefault(r["faction"], set()).add(r["game"])
    table = corpus_page.rows("vp-table")
    factions = table[0][1:]
    assert table[-1] == ["games", *(str(len(games[f])) for f in factions)]
    for row in table[1:-1]:
        for faction, cell in zip(factions, row[1:], strict=True):
            per_game = sums.get((faction, row[0]), 0) / len(games[faction])
            assert float(cell) == pytest.approx(per_game, abs=0.05), (faction, row[0])


def test_a_copy_of_a_game_is_left_out_and_said(tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    for name in ("a.log", "b.log"):  # one game in two files, as stats counts it: once
        (folder / name).write_bytes(FIRE_ICE.read_bytes())
    out = tmp_path / "stats.html"
    code, _, err = run("report", str(folder), "-o", str(out))
    assert code == 0, err
    assert f"left out: 1 duplicate ({folder / 'b.log'} = {folder / 'a.log'})" in err
    page = read_page(out.read_text(encoding="utf-8"))
    assert len(page.tables["games-table"]) == 2  # the head and one game
    assert "Left out as copies of a game before them: 1 log." in page.text


def test_games_writes_each_games_page_linked_from_the_list(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    out = tmp_path / "stats.html"
    code, _, err = run("report", str(CORPUS), "-o", str(out), "--games", str(pages))
    assert code == 0, err
    page = read_page(out.read_text(encoding="utf-8"))
    links = [a["href"] for a in page.links]
    assert len(links) == 10 == len(list(pages.iterdir()))
    for href in links:
        game = read_page((tmp_path / href).read_text(encoding="utf-8"))
        assert "The game, step by step" in game.text
    # Written again without --force: refused before any page is written.
    again = tmp_path / "again.html"
    code, _, err = run("report", str(CORPUS), "-o", str(again), "--games", str(pages))
    assert code == 2 and "already exists" in err
    assert not again.exists()
    # --games with one log: a usage error.
    code, _, err = run("report", str(DROPOUT_GAME), "-o", str(again), "--games", str(pages))
    assert code == 2 and "--games goes with a folder" in err
