"""Where each faction's points came from: VP by source, by family, round by round.

Reporters take the tables of :func:`tmlog.report.frames.frames` and return
new tables; they never see events or game state. The sums by source are
:func:`tmlog.report.vp_sums.vp_by_game`'s, which ``tmlog vp`` prints as text
without pandas.
"""

from __future__ import annotations

import pandas as pd

from tmlog.report.vp_sums import SourceKey, vp_by_game

FAMILIES = (
    "initial",
    "round scoring",
    "favour & bonus tiles",
    "towns",
    "tracks & abilities",
    "final: cults",
    "final: network",
    "final: resources",
    "leech",
)
"""The families of :func:`vp_families`, in the order they are stacked."""


def family_of(source: str) -> str:
    """The family a VP source belongs to (one of :data:`FAMILIES`).

    >>> [family_of(s) for s in ("SCORE4", "FAV11", "final-air", "advance-dig")]
    ['round scoring', 'favour & bonus tiles', 'final: cults', 'tracks & abilities']
    >>> family_of("final-distance")  # a Fire & Ice final scoring tile
    'final: network'
    """
    if source == "initial":
        return "initial"
    if source.startswith("SCORE"):
        return "round scoring"
    if source.startswith(("FAV", "BON")):
        return "favour & bonus tiles"
    if source == "town":
        return "towns"
    if source == "leech":
        return "leech"
    if source in ("final-fire", "final-water", "final-earth", "final-air"):
        return "final: cults"
    if source == "final-resources":
        return "final: resources"
    if source.startswith("final-"):
        return "final: network"  # the network, and a Fire & Ice final scoring tile
    return "tracks & abilities"  # advance-ship, advance-dig, faction, convert


def _sorted(df: pd.DataFrame, by: list[str], orders: dict[str, dict[str, int]]) -> pd.DataFrame:
    """``df`` sorted by ``by``; a column named in ``orders`` sorts by that rank."""
    keys = {c: (df[c].map(orders[c]) if c in orders else df[c]) for c in by}
    order = pd.DataFrame(keys).sort_values(by, kind="stable").index
    return df.loc[order].reset_index(drop=True)


def _first_seen(values: pd.Series) -> dict[str, int]:
    return {str(v): i for i, v in enumerate(pd.unique(values))}


def game_source_key(table: pd.DataFrame) -> SourceKey:
    """How the game whose records made ``table`` orders its VP sources
    (:data:`~tmlog.games.capabilities.VP_SOURCES`); by name if it does not say."""
    from tmlog.games import GAMES
    from tmlog.games.capabilities import VP_SOURCES
    from tmlog.report.frames import GAME_ATTR

    name = table.attrs.get(GAME_ATTR)
    order = VP_SOURCES.of(GAMES[name]) if isinstance(name, str) and name in GAMES else None
    return str if order is None else order.source_key


def vp_breakdown(
    vp: pd.DataFrame, *, by_faction: bool = False, source_key: SourceKey | None = None
) -> pd.DataFrame:
    """VP by game, faction and source, sources in game order (initial … final scoring).

    Args:
        vp: the ``vp`` table (``game``, ``faction``, ``source``, ``vp``).
        by_faction: instead, one row per game and source with one column per
            faction (alphabetical; empty where a faction is not in that game),
            and a last row per game, source ``total``, with the final VP.
        source_key: orders the sources (default: the order of the game whose
            records made ``vp``, :func:`game_source_key`).

    >>> vp = pd.DataFrame({
    ...     "game": ["g1"] * 4, "faction": ["witches", "witches", "nomads", "witches"],
    ...     "source": ["leech", "initial", "initial", "SCORE2"], "vp": [-3, 20, 20, 6]})
    >>> vp.attrs["tmlog.game"] = "terra_mystica"  # as frames() marks a Terra Mystica table
    >>> vp_breakdown(vp)
      game  faction   source  vp
    0   g1   nomads  initial  20
    1   g1  witches  initial  20
    2   g1  witches   SCORE2   6
    3   g1  witches    leech  -3
    >>> vp_breakdown(vp, by_faction=True)
      game   source  nomads  witches
    0   g1  initial      20       20
    1   g1   SCORE2       0        6
    2   g1    leech       0       -3
    3   g1    total      20       23
    """
    if source_key is None:
        source_key = game_source_key(vp)
    table = vp[["game", "faction", "source", "vp"]].itertuples(index=False, name=None)
    games = vp_by_game(table, source_key)
    if not by_faction:
        keys = [(g, f, s) for g in games for f in g.factions for s in g.sources]
        rows = [(g.game, f, s, g.vp[f, s]) for g, f, s in keys if (f, s) in g.vp]
        long = pd.DataFrame(rows, columns=["game", "faction", "source", "vp"])
        return long.astype({"vp": "int64"})
    if not games:
        return pd.DataFrame(columns=["game", "source"])
    # One table of every game: a faction not in a game has no VP there (NA).
    factions = sorted({faction for game in games for faction in game.factions})
    cells = []
    for game in games:
        for source, *vp_of in game.table():
            of = dict(zip(game.factions, vp_of, strict=True))
            cells.append([game.game, source, *(of.get(f) for f in factions)])
    wide = pd.DataFrame(cells, columns=["game", "source", *factions])
    whole = all(len(game.factions) == len(factions) for game in games)
    return wide.astype(dict.fromkeys(factions, "int64" if whole else "Int64"))


def vp_families(vp: pd.DataFrame) -> pd.DataFrame:
    """VP by game, faction and family of sources (:data:`FAMILIES`), for plots.

    >>> vp = pd.DataFrame({"game": ["g1"] * 3, "faction": ["witches"] * 3,
    ...                    "source": ["BON6", "FAV11", "initial"], "vp": [4, 9, 20]})
    >>> vp_families(vp)
      game  faction                family  vp
    0   g1  witches               initial  20
    1   g1  witches  favour & bonus tiles  13
    """
    out = vp.assign(family=vp["source"].map(family_of))
    out = out.groupby(["game", "faction", "family"], sort=False)["vp"].sum().reset_index()
    orders = {"game": _first_seen(vp["game"]), "family": {f: i for i, f in enumerate(FAMILIES)}}
    return _sorted(out, ["game", "faction", "family"], orders)[["game", "faction", "family", "vp"]]


def vp_timeline(vp_rounds: pd.DataFrame, factions: pd.DataFrame | None = None) -> pd.DataFrame:
    """VP of each faction after setup and after each round, one column per stage.

    Columns: ``game``, ``faction``, ``setup``, ``R1`` … (VP at the end of the
    round's play, final scoring left out) and, given the ``factions`` table,
    ``final`` (the final VP of a finished game).

    >>> rounds = pd.DataFrame({"game": ["g1"] * 3, "faction": ["witches"] * 3,
    ...                        "round": [0, 1, 2], "vp": [20, 31, 45]})
    >>> vp_timeline(rounds)
      game  faction  setup  R1  R2
    0   g1  witches     20  31  45
    """
    games = _first_seen(vp_rounds["game"])
    wide = vp_rounds.pivot_table(
        index=["game", "faction"], columns="round", values="vp", aggfunc="last", sort=False
    )
    wide.columns = pd.Index(["setup" if int(r) == 0 else f"R{int(r)}" for r in wide.columns])
    wide = wide.reset_index()
    stages = [c for c in wide.columns if c not in ("game", "faction")]
    if wide[stages].notna().all().all():
        wide[stages] = wide[stages].astype("int64")
    else:
        wide[stages] = wide[stages].astype("Int64")
    if factions is not None:
        final = factions.loc[factions["finished"], ["game", "faction", "final_vp"]]
        wide = wide.merge(final.rename(columns={"final_vp": "final"}), how="left")
        wide["final"] = wide["final"].astype("Int64")
    return _sorted(wide, ["game"], {"game": games})


def without_dropped(table: pd.DataFrame, factions: pd.DataFrame) -> pd.DataFrame:
    """The rows of ``table`` (any table with ``game`` and ``faction``) for factions
    that did not drop out, as the ``factions`` table says.

    >>> vp = pd.DataFrame({"game": ["g1", "g1"], "faction": ["witches", "nomads"], "vp": [9, 4]})
    >>> factions = pd.DataFrame({"game": ["g1", "g1"], "faction": ["witches", "nomads"],
    ...                          "dropped": [False, True]})
    >>> without_dropped(vp, factions)
      game  faction  vp
    0   g1  witches   9
    """
    gone = factions.loc[factions["dropped"].astype(bool), ["game", "faction"]]
    keys = pd.MultiIndex.from_frame(table[["game", "faction"]])
    drop = keys.isin(pd.MultiIndex.from_frame(gone)) if len(gone) else [False] * len(table)
    return table[~pd.Series(drop, index=table.index)].reset_index(drop=True)
