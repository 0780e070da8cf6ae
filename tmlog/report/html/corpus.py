"""``tmlog report DIR``: a corpus as one self-contained HTML page.

Every figure comes from the functions ``tmlog stats`` and ``tmlog vp`` print
from: the records' report frames (:func:`tmlog.report.frames.frames`), and
faction win rates with their Wilson intervals
(:func:`tmlog.report.winrates.faction_winrates`), computed here once for the
whole corpus, once per player count, once per map and once per player count
and map, so that the page's filters only choose among tables ``tmlog stats
--by players --by map`` prints, and compute nothing. For a game that rates its
players, each of those tables is also split by rating band, from the factions
table ``tmlog stats --by rating-band`` counts (the ``rate`` it is given).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

GROUPINGS: tuple[tuple[str, ...], ...] = ((), ("players",), ("map",), ("players", "map"))
"""The win-rate tables the page holds: ``stats``, ``stats --by players`` …"""

ALL = "all"

FILTERS = ("players", "map", "rating_band")
"""The columns of a filter key, in order (``4|Original|1000+``)."""

Rate = Callable[["pd.DataFrame"], "pd.DataFrame"]
"""A factions table rated as ``stats --by rating-band`` rates it (its rows once per band)."""


def corpus_data(
    records: Sequence[Any],
    source_key: Callable[[str], Any] | None,
    rate: Rate | None = None,
    bands: Sequence[str] = (),
) -> dict[str, Any]:
    """The page's figures: each win-rate table by its filter key (``4|Original|all``,
    ``all|all|1250+`` …), VP by source per faction, and the list of games.

    With ``rate`` (a game that rates its players) every table is also grouped by
    rating band (``bands``: their labels, in order), from the rated factions
    table; without it the band is ``all``."""
    from tmlog.report.frames import frames
    from tmlog.report.winrates import faction_winrates, left_out

    tables = frames(list(records))
    factions = tables.factions
    counted = factions if rate is None else rate(factions)
    by_band = [] if rate is None else ["rating-band"]
    rates: dict[str, list[dict[str, Any]]] = {}
    for by in GROUPINGS:
        table = faction_winrates(counted, by=[*by, *by_band] or None)
        for row in json.loads(table.to_json(orient="records")):
            key = "|".join(str(row.pop(column)) if column in row else ALL for column in FILTERS)
            rates.setdefault(key, []).append(row)
    in_bands: dict[str, list[str]] = {}
    if rate is not None:
        # The rated table's game ids carry their band: `1000+|game`.
        # As lists: iterating over a pyarrow-backed column costs a call per value.
        rated = zip(counted["game"].tolist(), counted["rating_band"].tolist(), strict=True)
        for game, band in rated:
            listed_in = in_bands.setdefault(str(game).split("|", 1)[1], [])
            if band not in listed_in:
                listed_in.append(str(band))
    games = tables.games
    winners: dict[str, list[str]] = {}
    counted = factions[factions["finished"].astype(bool) & ~factions["dropped"].astype(bool)]
    # A game that names its winners (Root's `won`: coalitions, dominance) is decided
    # by that; otherwise the first place (Terra Mystica's rank) wins.
    won = counted["won"].astype(bool) if "won" in counted else counted["rank"] == 1
    ids, names = counted["game"].tolist(), counted["faction"].tolist()
    for game, faction, first in zip(ids, names, won.tolist(), strict=True):
        if first:
            winners.setdefault(str(game), []).append(str(faction))
    listed = [
        {
            "game": str(g),
            "players": int(p),
            "map": str(m),
            "finished": bool(f),
            "winner": " and ".join(sorted(winners.get(str(g), []))) if f else "-",
            "bands": in_bands.get(str(g), [ALL]),
        }
        for g, p, m, f in zip(
            *(games[c].tolist() for c in ("game", "player_count", "map", "finished")), strict=True
        )
    ]
    return {
        "rates": rates,
        "players": sorted({g["players"] for g in listed}),
        "maps": sorted({g["map"] for g in listed}),
        "bands": [b for b in bands if b != ALL],
        "games": listed,
        "vp": vp_per_game(tables.vp, source_key),
        "left_out": left_out(factions),
    }


def vp_per_game(vp: Any, source_key: Callable[[str], Any] | None) -> dict[str, Any]:
    """Each faction's VP from each source, per game it played (the records' ``vp`` rows,
    as ``tmlog vp`` prints them game by game, summed and divided by its games)."""
    played = vp.groupby("faction")["game"].nunique()
    sums = vp.groupby(["faction", "source"])["vp"].sum()
    sources = sorted((str(s) for s in vp["source"].unique()), key=source_key)
    factions = sorted(str(f) for f in played.index)
    return {
        "factions": factions,
        "games": [int(played[f]) for f in factions],
        "sources": sources,
        "cells": {
            s: [round(float(sums.get((f, s), 0)) / int(played[f]), 1) for f in factions]
            for s in sources
        },
    }


def corpus_page(
    records: Sequence[Any],
    *,
    title: str,
    source_key: Callable[[str], Any] | None,
    links: dict[str, str] | None = None,
    rate: Rate | None = None,
    bands: Sequence[str] = (),
    duplicates: int = 0,
) -> str:
    """The page of a corpus of one game's records (``links``: each game's own page;
    ``rate`` and ``bands``: the rating bands, as :func:`corpus_data` takes them;
    ``duplicates``: logs left out as copies of a game before them)."""
    import jinja2

    from tmlog.report.html import _script_json, page_parts

    parts = page_parts(("corpus.html.j2", "corpus.js", "watch.css"))
    data = corpus_data(records, source_key, rate, bands)
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return env.from_string(parts["corpus.html.j2"]).render(
        title=title,
        data=data,
        duplicates=duplicates,
        links=links or {},
        payload=_script_json({"rates": data["rates"]}),  # all the script reads
        script=parts["corpus.js"],
        style=parts["watch.css"],
    )
