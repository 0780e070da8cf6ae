"""Seeded synthetic results files (the site's v2 results JSON), for the rating tests.

The same seed gives the same file on every platform and Python version: the
random numbers come from SplitMix64 (integer arithmetic only), not from
:mod:`random`. The test checks the file's SHA-256 against the one the
reference figures were computed on.

The games exercise what the site's rating code treats specially: 2-player
games (not rated), 3-5 players, four maps, dropped players, unregistered
players, a player in two seats (game not rated), Shapeshifters and
Riverwalkers with and without ``variable_v5``, ``nofaction`` roles, equal VP
(also for first place), games with the same ``last_update``, and players
with fewer than 5 games (shadow ratings).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

MASK = (1 << 64) - 1

MAPS = (
    "126fe960806d587c78546b30f1a90853b1ada468",
    "95a66999127893f5925a5f591d54f8bcb9a670e6",
    "be8f6ebf549404d015547152d5f2a1906ae8dd90",
    "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1",
)
FACTIONS = (
    "alchemists",
    "auren",
    "chaosmagicians",
    "cultists",
    "darklings",
    "dwarves",
    "engineers",
    "fakirs",
    "giants",
    "halflings",
    "mermaids",
    "nomads",
    "swarmlings",
    "witches",
    "icemaidens",
    "yetis",
    "acolytes",
    "dragonlords",
    "shapeshifters",
    "riverwalkers",
)


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n


def synthetic_results(seed: int, games: int, players: int) -> dict[str, Any]:
    """A results document of ``games`` games among ``players`` players."""
    rng = SplitMix64(seed)
    names = [f"player{i:04d}" for i in range(players)]
    hashes = [hashlib.sha1(f"{n}synthetic".encode()).hexdigest() for n in names]
    skill = [rng.below(61) for _ in names]
    strength = {f: rng.below(21) for f in FACTIONS}
    out_games: dict[str, Any] = {}
    minute = 0
    for g in range(games):
        r = rng.below(100)
        count = 2 if r < 4 else 3 if r < 24 else 5 if r < 34 else 4
        # Players drawn with a skew (the minimum of two draws): some play often,
        # the last few hundred rarely, and some fewer than 5 times.
        seats = []
        for _ in range(count):
            p = min(rng.below(players), rng.below(players))
            if rng.below(400) == 0 and seats:
                p = seats[0]  # the same player twice: the game is not rated
            seats.append(p)
        factions: list[str] = []
        while len(factions) < count:
            f = FACTIONS[rng.below(len(FACTIONS))]
            if f not in factions:
                factions.append(f)
        options = ["variable-turn-order"]
        if rng.below(2):
            options.append("variable_v5")
        rows = []
        for i, (p, f) in enumerate(zip(seats, factions, strict=True)):
            vp = 80 + skill[p] + strength[f] + rng.below(50)
            dropped = rng.below(40) == 0
            if dropped:
                vp = 20 + rng.below(60)
            registered = rng.below(30) != 0
            rows.append(
                {
                    "faction": f,
                    "vp": vp,
                    "rank": None,
                    "start_order": i + 1,
                    "dropped": 1 if dropped else 0,
                    "id_hash": hashes[p] if registered else None,
                }
            )
        if rng.below(8) == 0:  # equal VP for two factions (first place included)
            rows[1]["vp"] = rows[0]["vp"]
        if rng.below(50) == 0:
            rows.append(
                {
                    "faction": "nofaction1",
                    "vp": None,
                    "rank": None,
                    "start_order": None,
                    "dropped": 0,
                    "id_hash": hashes[rng.below(players)],
                }
            )
        vps = sorted((r["vp"] for r in rows if r["vp"] is not None), reverse=True)
        for row in rows:
            if row["vp"] is not None:
                row["rank"] = 1 + vps.index(row["vp"])
        if rng.below(20) != 0:  # else: the same last_update as the game before
            minute += 1 + rng.below(300)
        day, rest = divmod(minute, 1440)
        out_games[f"synth{g:05d}"] = {
            "player_count": count,
            "base_map": MAPS[rng.below(len(MAPS))],
            "options": options,
            "last_update": f"{2020 + day // 336}-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}"
            f" {rest // 60:02d}:{rest % 60:02d}:00",
            "expansion_scoring": rng.below(3) == 0,
            "players": rows,
        }
    used = {h for g in out_games.values() for p in g["players"] if (h := p["id_hash"])}
    return {
        "version": 2,
        "games": out_games,
        "players": {h: {"username": n} for n, h in zip(names, hashes, strict=True) if h in used},
    }


def synthetic_text(seed: int, games: int, players: int) -> str:
    """The document as the file the reference figures were computed on."""
    return json.dumps(synthetic_results(seed, games, players), indent=None, sort_keys=True) + "\n"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()
