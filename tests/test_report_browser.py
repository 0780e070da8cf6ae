"""`tmlog report`'s page in a real browser: Debian's Chromium, driven by Playwright.

Marked ``slow`` (the everyday run leaves them out; ``.ci/run`` runs them with
the other slow tests, after installing ``chromium`` with apt-get) and
``browser``. Where Chromium or Playwright is missing they are skipped, saying
which.

Every figure is compared with what another command prints for the log
(`tmlog replay --at N --format json`, `tmlog vp`), never with the report's code.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tmlog.cli import cli

from .conftest import DATA, SAMPLE_DIR

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = [pytest.mark.slow, pytest.mark.browser]

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright is not installed (pip install -e '.[dev]')"
)
if not Path(CHROMIUM).exists():
    pytest.skip(
        "Chromium is not installed (apt-get install chromium); .ci/run installs it",
        allow_module_level=True,
    )

# As the machine's notes give them: no background connections, no first-run work.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

ROOT_LOGS = [
    DATA / "rootlog" / "2020_11_19_orderly_eyrie.rootlog",
    DATA / "rootlog" / "2020_11_26_winter_tournament_r1g3.rootlog",
]
TM_LOGS = [
    *sorted(SAMPLE_DIR.glob("*.txt")),
    DATA
    / "fire-ice"
    / "fi-side2_shapeshifters-v2-yetis-acolytes-halflings_connected-sa-sh-distance.log",
]
LOGS = [*TM_LOGS, *ROOT_LOGS]


def run(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


class Opened:
    """A page in the browser, with what it asked the network for and said on its console."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.url = path.as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page = browser.new_page(viewport={"width": 1280, "height": 900})
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(self.url)

    def now(self) -> dict[str, dict[str, str]]:
        """The table of each faction's figures after the step shown."""
        rows: dict[str, dict[str, str]] = self.page.eval_on_selector_all(
            "#now tbody tr",
            """rows => Object.fromEntries(rows.map(r => [r.dataset.side,
                Object.fromEntries([...r.querySelectorAll('td')].map(
                    td => [td.dataset.measure, td.textContent]))]))""",
        )
        return rows

    def label(self) -> str:
        text: str = self.page.text_content("#step-label") or ""
        return text

    def kinds(self) -> dict[str, int]:
        counts: dict[str, int] = self.page.eval_on_selector_all(
            "#pieces use",
            """uses => uses.reduce((n, u) => {
                n[u.dataset.kind] = (n[u.dataset.kind] || 0) + 1; return n; }, {})""",
        )
        return counts


@pytest.fixture(scope="module")
def pages(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[Path, Opened]]:
    out = tmp_path_factory.mktemp("pages")
    opened = {}
    for i, log in enumerate(LOGS):
        html = out / f"game{i}.html"
        run("report", str(log), "-o", str(html))
        opened[log] = Opened(browser, html)
    yield opened
    for o in opened.values():
        o.page.close()


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_the_page_loads_with_no_error_and_no_request(log: Path, pages: dict[Path, Opened]) -> None:
    opened = pages[log]
    assert opened.errors == []
    assert opened.requests == [opened.url]
    charts = 11 if log in TM_LOGS else 5  # VP, C/W/P, bowls, cults; Root: VP, cards, pieces
    assert opened.page.locator("#charts svg[data-measure]").count() == charts


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.name)
def test_the_last_step_shows_tmlog_vps_final_vp(log: Path, pages: dict[Path, Opened]) -> None:
    rows = json.loads(run("vp", str(log), "--format", "json"))
    final: dict[str, int] = {}
    for r in rows:
        final[r["faction"]] = final.get(r["faction"], 0) + r["vp"]
    shown = {side: int(values["VP"]) for side, values in pages[log].now().items()}
    assert shown == final


@pytest.mark.parametrize("log", TM_LOGS, ids=lambda p: p.name)
def test_the_slider_shows_what_replay_at_gives(log: Path, pages: dict[Path, Opened]) -> None:
    opened = pages[log]
    page = opened.page
    steps = int(page.get_attribute("#slider", "max") or 0) + 1
    for n in (0, steps // 4, steps // 2, 3 * steps // 4):
        page.locator("#slider").fill(str(n))
        at = (page.text_content("#step-at") or "").removeprefix("(--at ").removesuffix(")")
        assert opened.label().startswith(f"Step {n + 1} of {steps}: line {at} ")
        state = json.loads(run("replay", str(log), "--at", at, "--format", "json"))
        now = opened.now()
        for name, f in state["factions"].items():
            # tmlog vp (and the page) name a faction of several versions by its
            # version (shapeshifters_v2); tmlog replay by its name.
            (side,) = [s for s in now if s == name or s.startswith(name + "_")]
            shown = now[side]
            assert (int(shown["VP"]), int(shown["C"]), int(shown["W"]), int(shown["P"])) == (
                f["vp"],
                f["c"],
                f["w"],
                f["p"],
            )
            assert [int(shown[b]) for b in ("P1", "P2", "P3")] == f["power"]
            assert [int(shown[c]) for c in ("Fire", "Water", "Earth", "Air")] == list(
                f["cults"].values()
            )
        # The pieces on the board: every building the replay counts, each once.
        kinds = opened.kinds()
        for kind in ("D", "TP", "TE", "SH", "SA"):
            built = sum(f["buildings"][kind] for f in state["factions"].values())
            assert kinds.get(kind, 0) == built, (at, kind)
    assert opened.errors == []


def test_buttons_and_arrow_keys_move_one_step(pages: dict[Path, Opened]) -> None:
    opened = pages[LOGS[0]]
    page = opened.page
    steps = int(page.get_attribute("#slider", "max") or 0) + 1
    page.click("#last")
    assert opened.label().startswith(f"Step {steps} of {steps}:")
    page.click("#prev")
    assert opened.label().startswith(f"Step {steps - 1} of {steps}:")
    page.focus("body")
    page.keyboard.press("ArrowLeft")
    assert opened.label().startswith(f"Step {steps - 2} of {steps}:")
    page.keyboard.press("Home")
    assert opened.label().startswith(f"Step 1 of {steps}:")
    page.keyboard.press("ArrowRight")
    assert opened.label().startswith(f"Step 2 of {steps}:")
    page.click("#next")
    assert opened.label().startswith(f"Step 3 of {steps}:")
    # A row of the log links to its step.
    page.click('#ledger-table a[data-step="10"]')
    assert opened.label().startswith(f"Step 11 of {steps}:")
    assert opened.errors == []


@pytest.mark.parametrize("log", ROOT_LOGS, ids=lambda p: p.name)
def test_the_slider_shows_root_turns_as_replay_at_gives(
    log: Path, pages: dict[Path, Opened]
) -> None:
    opened = pages[log]
    page = opened.page
    steps = int(page.get_attribute("#slider", "max") or 0) + 1
    for n in (0, steps // 3, 2 * steps // 3, steps - 1):
        page.locator("#slider").fill(str(n))
        at = (page.text_content("#step-at") or "").removeprefix("(--at ").removesuffix(")")
        state = json.loads(run("replay", str(log), "--at", at, "--format", "json"))
        assert state["turns_played"] == n + 1
        now = opened.now()
        assert {f: int(v["VP"]) for f, v in now.items()} == state["vp"]
        assert {f: int(v["cards"]) for f, v in now.items()} == state["hands"]
        kinds = opened.kinds()
        clearings = state["clearings"]
        assert kinds.get("ruler", 0) == sum(1 for c in clearings if c["ruler"])
        for kind, letter in (("building", "b"), ("token", "t")):
            on_board = sum(n for c in clearings for _, code, n in c["pieces"] if code[0] == letter)
            assert kinds.get(kind, 0) == on_board, (at, kind)
        assert kinds.get("warrior", 0) == sum(
            1 for c in clearings for _, code, _ in c["pieces"] if code == "w"
        )
    assert opened.errors == []


def test_the_corpus_page_filters_as_tmlog_stats_groups(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    corpus = DATA / "snellman-ledger"  # the 42 league games
    html = tmp_path_factory.mktemp("corpus") / "stats.html"
    run("report", str(corpus), "-o", str(html))
    opened = Opened(browser, html)
    page = opened.page

    def shown() -> list[list[str]]:
        rows: list[list[str]] = page.eval_on_selector_all(
            "#rates-table tbody tr",
            "rows => rows.map(r => [...r.children].map(c => c.textContent))",
        )
        return rows

    def expected(*args: str, **keep: object) -> list[list[str]]:
        rows = json.loads(run("stats", str(corpus), *args, "--format", "json", "-q"))
        return [
            [r["faction"], str(r["games"]), f"{r['wins']:.2f}", f"{r['win_rate']:.3f}"]
            for r in rows
            if all(r[k] == v for k, v in keep.items())
        ]

    assert [r[:4] for r in shown()] == expected()
    assert page.text_content("#shown") == "42 games"
    page.select_option("#players", "4")
    page.select_option("#map", "Original")
    assert [r[:4] for r in shown()] == expected(
        "--by", "players", "--by", "map", players=4, map="Original"
    )
    assert page.locator("#rates-table tbody tr").count() > 5
    assert page.locator("#chart svg rect").count() > 0
    # A rating band: the table `tmlog stats --by rating-band` prints for it, its games.
    page.select_option("#players", "all")
    page.select_option("#map", "all")
    page.select_option("#band", "1000+")
    in_band = expected("--by", "rating-band", rating_band="1000+")
    assert in_band and [r[:4] for r in shown()] == in_band
    assert page.locator("#chart svg rect").count() == len(in_band)
    assert page.text_content("#shown") == "2 games"
    assert page.locator("#games-table tbody tr:not([hidden])").count() == 2
    page.select_option("#players", "4")
    assert [r[:4] for r in shown()] == expected(
        "--by", "players", "--by", "rating-band", players=4, rating_band="1000+"
    )
    page.select_option("#band", "1250+")  # no game's players are all rated 1250+
    assert shown() == [] and page.text_content("#shown") == "0 games: none finished"
    assert opened.errors == []
    assert opened.requests == [opened.url]


def test_the_root_corpus_page_filters_by_band(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    corpus = DATA / "rootlog"  # no Root player here has the 5 games a listed rating needs
    html = tmp_path_factory.mktemp("root-corpus") / "stats.html"
    run("report", str(corpus), "-o", str(html))
    opened = Opened(browser, html)
    page = opened.page
    assert page.locator("#band").count() == 1
    rows = json.loads(run("stats", str(corpus), "--format", "json", "-q"))
    shown = page.eval_on_selector_all(
        "#rates-table tbody tr th", "cells => cells.map(c => c.textContent)"
    )
    assert shown == [r["faction"] for r in rows]
    assert page.text_content("#shown") == "8 games"
    page.select_option("#band", "1000+")  # every game's lowest rating is 0
    assert page.text_content("#shown") == "0 games: none finished"
    assert opened.errors == []
    assert opened.requests == [opened.url]
