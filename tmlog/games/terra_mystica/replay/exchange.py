"""Resource commands: adjustments, conversions, gains and burning power."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.enums import Tile
from tmlog.games.terra_mystica.replay import dispatch, leech, pending, segment
from tmlog.games.terra_mystica.replay.economy import adjust
from tmlog.games.terra_mystica.replay.guards import Handler, need_active, need_faction
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import (
    CULTS,
)


def _adjust(game: Game, faction: FactionState | None, action: a.Adjust) -> None:
    kind = action.what.value
    if game.round == 0 and kind.startswith("BON"):
        # Legacy notation: taking a bonus tile in setup means passing.
        f = need_faction(faction, action)
        dispatch.do_command(
            game, f.name, a.Pass(bonus=Tile(kind), faction=action.faction, line=action.line)
        )
        segment.close_row(game)
        return
    f = need_faction(faction, action)
    adjust_command(game, f, action.delta, kind, action.source)


def adjust_command(
    game: Game, faction: FactionState, delta: int, kind: str, source: str | None
) -> None:
    """``+N X`` / ``-N X`` typed by a player: allowed only where the rules grant it."""
    checked = False
    res = faction.res
    if kind in CULTS:
        if res["CULT"] < delta:
            if res[kind] == 10 or (faction.cult_blocked.get(kind) and res["KEY"]):
                checked = True
        elif delta < 0:
            lose = res.get("LOSE_CULT", 0)
            if lose:
                loss = -delta
                if lose != loss:
                    raise IllegalMove("all cult steps must be lost on the same cult track")
                if res[kind] < loss:
                    raise IllegalMove(f"not high enough on {kind} to lose {loss} steps")
                res["LOSE_CULT"] = lose - loss
                checked = True
            elif "loose-cult-loss" not in game.options:
                if res[kind] == 10 or res[kind] + delta < 7:
                    raise IllegalMove("cult steps cannot be given up voluntarily")
        elif res["CULT"] > delta and res.get("CULTS_ON_SAME_TRACK"):
            raise IllegalMove("all cult steps of this action must go on the same track")
        else:
            res["CULT"] -= delta
            checked = True
            res.pop("CULTS_ON_SAME_TRACK", None)
    elif res.get("LOSE_CULT") and "loose-lose-cult" not in game.options:
        raise IllegalMove(f"must first lose {res['LOSE_CULT']} cult steps")

    if kind.startswith("FAV"):
        if not res.get("GAIN_FAVOR"):
            raise IllegalMove(
                f"{faction.name} may not take a favor tile now"
                " (favors come with temples, sanctuaries and some strongholds)"
            )
        res["GAIN_FAVOR"] -= delta
        checked = True
    if kind.startswith("TW"):
        if not res.get("GAIN_TW"):
            raise IllegalMove(f"{faction.name} have not founded a town, so cannot take {kind}")
        res["GAIN_TW"] -= delta
        checked = True
    if kind == "VP" and game.finished:
        checked = True
    if kind == "SPADE" and delta < 0:
        if not faction.passed and faction.disable_spade_decline and "loose-dig" not in game.options:
            raise IllegalMove("spades bought with 'dig' must be used, not thrown away")
        checked = True
    if (not checked and delta > 0) or kind.startswith(
        ("LOSE_", "CULTS_ON_SAME_TRACK", "TOWN_SIZE", "TF_NEED_HEX_ADJACENCY")
    ):
        if "loose-adjust-resource" in game.options:
            segment.warn(game, faction, f"dodgy resource manipulation ({delta} {kind})")
            game.dodgy = True
        else:
            raise IllegalMove(f"{faction.name} are not entitled to gain {delta} {kind} here")

    adjust(game, faction, kind, delta, source)

    if kind == "FREE_TF" and res.get("FREE_TF") == 0:
        res.pop("TF_NEED_HEX_ADJACENCY", None)
    if kind == "FREE_D" and res.get("FREE_D") == 0:
        res.pop("TELEPORT_NO_TF", None)
    pending.dismiss_action(game, faction, "cult")
    if kind == "SPADE" and res.get("SPADE", 0) < 1:
        pending.dismiss_action(game, faction, "transform")
    if kind.startswith("GAIN_"):
        pending.dismiss_action(game, faction, "gain-token")


def _convert(game: Game, faction: FactionState | None, action: a.Convert) -> None:
    f = need_active(game, faction, action)
    if "loose-convert-phase" not in game.options and game.state != "play":
        raise IllegalMove("resources can only be converted during the action phase")
    for record in leech.pending_offers(game, f):
        record["leech_tainted"] = "convert"
    rates = {k: dict(v) for k, v in f.exchange_rates.items()}
    src, dst = action.from_what.value, action.to_what.value
    if f.get("CONVERT_W_TO_P"):
        if action.to_count > 3:
            raise IllegalMove("the darklings' stronghold converts at most 3 W to P")
        rates.setdefault("W", {})["P"] = 1
        f.res.pop("CONVERT_W_TO_P", None)
    rate = rates.get(src, {}).get(dst)
    if not rate:
        raise IllegalMove(f"{f.name} cannot convert {src} to {dst}")
    if action.to_count * rate != action.from_count:
        raise IllegalMove(
            f"converting to {action.to_count} {dst} takes {action.to_count * rate} {src},"
            f" not {action.from_count}"
        )
    adjust(game, f, src, -action.from_count, "convert")
    adjust(game, f, dst, action.to_count, "convert")


def _gain(game: Game, faction: FactionState | None, action: a.Gain) -> None:
    f = need_faction(faction, action)
    to, paid = action.what.value, action.paid_with.value
    field = f"GAIN_{to}_FOR_{paid}"
    if not f.get(field):
        raise IllegalMove(f"{f.name} cannot gain {to} for {paid} now")
    adjust(game, f, paid, -1, "convert")
    adjust(game, f, to, 1, "convert")
    f.res[field] -= 1
    pending.dismiss_action(game, f, "gain-token")


def _burn(game: Game, faction: FactionState | None, action: a.Burn) -> None:
    f = need_active(game, faction, action)
    n = action.amount
    if f.get("P2") < 2 * n:
        raise IllegalMove(
            f"{f.name} cannot burn {n}: needs {2 * n} power tokens in bowl II, has {f.get('P2')}"
        )
    adjust(game, f, "P2", -2 * n)
    adjust(game, f, "P3", n)


HANDLERS: dict[type, Handler] = {
    a.Adjust: _adjust,
    a.Convert: _convert,
    a.Gain: _gain,
    a.Burn: _burn,
}
