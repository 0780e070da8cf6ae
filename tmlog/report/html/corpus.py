"""``tmlog report DIR``: a corpus as one self-contained HTML page.

Every figure comes from the functions ``tmlog stats`` and ``tmlog vp`` print
from: the records' report frames (:func:`tmlog.report.frames.frames`), and
faction win rates with their Wilson intervals
(:func:`tmlog.report.winrates.faction_winrates`), computed here once for the
whole corpus, once per player count, once per map and once per player count
and map, so that the page's filters only choose among tables ``tmlog stats
--by players --by map`` prints, and compute nothing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

GROUPINGS: tuple[tuple[str, ...], ...] = ((), ("players",), ("map",), ("players", "map"))
"""The win-rate tables the page holds: ``stats``, ``stats --by players`` …"""

ALL = "all"


def corpus_data(records: Sequence[Any], source_key: Callable[[str], Any] | None) -> dict[str, Any]:
    """The page's figures: each win-rate table by its filter key (``4|Original``,
    ``all|all`` …), VP by source per faction, and the list of games."""
    from tmlog.report.frames import frames
    from tmlog.report.winrates import faction_winrates, left_out

    tables = frames(list(records))
    factions = tables.factions
    rates: dict[str, list[dict[str, Any]]] = {}
    for by in GROUPINGS:
        table = faction_winrates(factions, by=list(by) or None)
        for row in json.loads(table.to_json(orient="records")):
            key = "|".join(
                str(row.pop(column)) if column in by else ALL for column in ("players", "map")
            )
            rates.setdefault(key, []).append(row)
    games = tables.games
    winners: dict[str, list[str]] = {}
    counted = factions[factions["finished"].astype(bool) & ~factions["dropped"].astype(bool)]
    # A game that names its winners (Root's `won`: coalitions, dominance) is decided
    # by that; otherwise the first place (Terra Mystica's rank) wins.
    won = counted["won"].astype(bool) if "won" in counted else counted["rank"] == 1
    for game, faction, first in zip(counted["game"], counted["faction"], won, strict=True):
        if first:
            winners.setdefault(str(game), []).append(str(faction))
    listed = [
        {
            "game": str(g),
            "players": int(p),
            "map": str(m),
            "finished": bool(f),
            "winner": " and ".join(sorted(winners.get(str(g), []))) if f else "-",
        }
        for g, p, m, f in zip(
            games["game"], games["player_count"], games["map"], games["finished"], strict=True
        )
    ]
    return {
        "rates": rates,
        "players": sorted({g["players"] for g in listed}),
        "maps": sorted({g["map"] for g in listed}),
        "games": listed,
        "vp": vp_per_game(tables.vp, source_key),
        "left_out": left_out(factions),
    }


def vp_per_game(vp: Any, source_key: Callable[[str], Any] | None) -> dict[str, Any]:
    """Each faction's VP from each source, per game it played (the records' ``vp`` rows,
    as ``tmlog vp`` prints them game by game, summed and divided by its games)."""
    played = vp.groupby("faction")["game"].nunique()
    sums = vp.groupby(["faction", "source"])["vp"].sum()
    sources = sorted({str(s) for s in vp["source"]}, key=source_key)
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
) -> str:
    """The page of a corpus of one game's records (``links``: each game's own page)."""
    import jinja2

    from tmlog.report.html import _script_json, page_parts

    parts = page_parts(("corpus.html.j2", "corpus.js", "watch.css"))
    data = corpus_data(records, source_key)
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return env.from_string(parts["corpus.html.j2"]).render(
        title=title,
        data=data,
        links=links or {},
        payload=_script_json(data),
        script=parts["corpus.js"],
        style=parts["watch.css"],
    )
