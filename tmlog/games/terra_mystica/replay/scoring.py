"""Pass VP and the end of the game: cult and network majorities, resources to VP."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tmlog.games.terra_mystica.model.actions import Adjust, Burn, Convert, ScoreResources
from tmlog.games.terra_mystica.model.enums import Resource
from tmlog.games.terra_mystica.replay import dispatch, events, segment, terrain
from tmlog.games.terra_mystica.replay.decisions import GameOver
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import CULTS, PASS_VP_TILES, TILES

PassVp = Callable[[int, str], None]


def pass_vp(game: Game, faction: FactionState, award: PassVp) -> None:
    """VP for passing: bonus tile, FAV12, faction boards, Engineers' bridges."""
    held = faction.held
    for tile in PASS_VP_TILES:
        if not held[tile]:
            continue
        for kind, table in TILES[tile].pass_vp.items():
            award(table[faction.level_of(kind)], tile)
    for key, track in faction.buildings.items():
        if not track.pass_vp:
            continue
        per_level = track.pass_vp[track.level] if track.level < len(track.pass_vp) else {}
        for kind, table in per_level.items():
            award(table[faction.level_of(kind)], key)
    bridge_vp = faction.board.stronghold_bridge_vp
    if bridge_vp and faction.buildings["SH"].level:
        hexes = game.hexes
        own = faction.color
        for a, b, color in game.bridges:
            if (
                color == own
                and hexes[a].building
                and hexes[a].color == own
                and hexes[b].building
                and hexes[b].color == own
            ):
                award(bridge_vp, "SH")


def compute_network(game: Game, faction: FactionState) -> None:
    """Largest connected network, and the Fire & Ice measures of it."""
    clique = terrain.building_cliques(game, faction, indirect=True)
    sizes: dict[int, int] = {}
    for cid in clique.values():
        sizes[cid] = sizes.get(cid, 0) + 1
    faction.network = max(sizes.values()) if sizes else 0
    counts = faction.final_counts
    counts["network"] = faction.network
    final = game.final_scoring
    board = game.board
    if "connected-distance" in final:
        best = 0
        for a in clique:
            for b in clique:
                if clique[a] == clique[b]:
                    best = max(best, board.distance(a, b))
        counts["connected-distance"] = best
    if "connected-sa-sh-distance" in final:
        best = 0
        for a in clique:
            for b in clique:
                if (
                    clique[a] == clique[b]
                    and game.hexes[a].building == "SA"
                    and game.hexes[b].building == "SH"
                ):
                    best = max(best, board.distance(a, b))
        counts["connected-sa-sh-distance"] = best
    if "connected-clusters" in final:
        clusters = terrain.building_cliques(game, faction, indirect=False)
        per: dict[int, set[int]] = {}
        for loc, cid in clique.items():
            per.setdefault(cid, set()).add(clusters[loc])
        counts["connected-clusters"] = max((len(v) for v in per.values()), default=0)
    if "building-on-edge" in final:
        edge: dict[int, int] = {}
        for loc, cid in clique.items():
            if board.hexes[loc].edge:
                edge[cid] = edge.get(cid, 0) + 1
        counts["building-on-edge"] = max(edge.values(), default=0)


def _level(faction: FactionState, kind: str) -> int:
    if kind in CULTS:
        return faction.get(kind)
    return faction.final_counts.get(kind, 0)


def rank(
    game: Game, kind: str, points: tuple[int, ...], award: Callable[[FactionState, int], None]
) -> None:
    """Majority scoring: ties share the points of the places they cover, rounded down."""
    factions = game.in_order()
    levels = sorted(_level(f, kind) for f in factions)
    count: dict[int, int] = {}
    for lv in levels:
        count[lv] = count.get(lv, 0) + 1
    scores: dict[int, int] = {}
    for p in points:
        if levels:
            top = levels.pop()
            scores[top] = scores.get(top, 0) + p
    for faction in factions:
        lv = _level(faction, kind)
        if not lv or lv not in scores:
            continue
        vp = scores[lv] // count[lv]
        if vp:
            award(faction, vp)


def finish(game: Game) -> None:
    """Final scoring: cults and network majorities, then resources to VP."""
    game.finished = True
    for faction in game.in_order():
        compute_network(game, faction)
    for kind in sorted(game.final_scoring):
        points = game.final_scoring[kind]
        if kind == "cults":
            for cult in CULTS:
                segment.write_comment(game, f"Scoring {cult} cult")
                rank(game, cult, points, _final_award(game, cult.lower()))
        else:
            segment.write_comment(game, f"Scoring {kind}")
            rank(game, kind, points, _final_award(game, kind))
    segment.write_comment(game, "Converting resources to VPs")
    for faction in game.in_order():
        dispatch.engine_row(game, faction, ScoreResources(faction=faction.tag))
    for faction in game.in_order():
        faction.passed = False
    game.action_required = [GameOver()]
    game.events.append(events.GameFinished(round=game.round, turn=game.turn, line=0, faction=None))


def _final_award(game: Game, label: str) -> Callable[[FactionState, int], None]:
    def award(faction: FactionState, vp: int) -> None:
        row = Adjust(delta=vp, what=Resource.VP, source=label, faction=faction.tag)
        dispatch.engine_row(game, faction, row)

    return award


def score_resources(game: Game, faction: FactionState) -> None:
    """Burn what bowl II allows, then power, priests and workers to coins, coins to VP."""
    if faction.dummy:
        return
    game.final_resources = True
    try:
        burn = faction.p2 // 2
        if burn:
            dispatch.execute(game, faction, Burn(amount=burn))
        # Counted before any is converted, and one command reused for each step
        # of a kind (an action is frozen).
        for step, times in (
            (_PW_TO_COIN, faction.p3),
            (_P_TO_COIN, faction.p),
            (_W_TO_COIN, faction.w),
        ):
            for _ in range(times):
                dispatch.execute(game, faction, step)
        rate = faction.exchange_rates.get("C", {}).get("VP", 3)
        vp = faction.c // rate
        if vp:
            dispatch.execute(
                game,
                faction,
                Convert(
                    from_count=vp * rate, from_what=Resource.C, to_count=vp, to_what=Resource.VP
                ),
            )
    finally:
        game.final_resources = False


def _to_coin(what: Resource) -> Convert:
    return Convert(from_count=1, from_what=what, to_count=1, to_what=Resource.C)


_PW_TO_COIN: Final = _to_coin(Resource.PW)
_P_TO_COIN: Final = _to_coin(Resource.P)
_W_TO_COIN: Final = _to_coin(Resource.W)
