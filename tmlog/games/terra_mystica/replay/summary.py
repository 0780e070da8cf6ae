"""A plain-data picture of the game state, for JSON and tables."""

from __future__ import annotations

from typing import Any

from tmlog.games.terra_mystica.replay.state import FactionState, Game


def faction_summary(f: FactionState) -> dict[str, Any]:
    get = f.res.__getitem__
    return {
        "vp": get("VP"),
        "c": get("C"),
        "w": get("W"),
        "p": get("P"),
        "power": [get("P1"), get("P2"), get("P3")],
        "cults": {
            "fire": get("FIRE"),
            "water": get("WATER"),
            "earth": get("EARTH"),
            "air": get("AIR"),
        },
        "shipping": f.ship.level,
        "dig": f.dig.level if f.dig else 0,
        "buildings": {b: f.buildings[b].level for b in ("D", "TP", "TE", "SH", "SA")},
        "dropped": f.dropped,
        "passed": f.passed,
        "keys": get("KEY"),
        "tiles": sorted(
            [*f.tiles("BON"), *f.tiles("FAV"), *f.tiles("TW")],
            key=lambda t: (t.rstrip("0123456789"), int(t.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))),
        ),
        "player": f.player,
    }


def game_summary(game: Game) -> dict[str, Any]:
    """``{"round", "turn", "finished", "factions": {name: {...}}}``."""
    return {
        "round": game.round,
        "turn": game.turn,
        "finished": game.finished,
        "factions": {f.name: faction_summary(f) for f in game.order if not f.dummy},
    }
