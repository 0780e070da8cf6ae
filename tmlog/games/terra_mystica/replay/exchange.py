"""Resource commands: adjustments, conversions, gains and burning power."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.enums import Tile
from tmlog.games.terra_mystica.replay import decisions as d
from tmlog.games.terra_mystica.replay import dispatch, leech, pending, segment
from tmlog.games.terra_mystica.replay.economy import adjust
from tmlog.games.terra_mystica.replay.guards import need_active, need_faction
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Phase, Turn
from tmlog.games.terra_mystica.replay.tiles import (
    CULTS,
)
from tmlog.words import count


def _adjust(game: Game, faction: FactionState | None, action: a.Adjust) -> Turn | None:
    kind: str = action.what._value_  # not .value: an enum property, Python per call
    if game.round == 0 and kind.startswith("BON"):
        # Legacy notation: taking a bonus tile in setup means passing. The pass has
        # handed the turn over; the +BON says so as well, so do_command hands over
        # once more for it, as the engine's flag (still raised then) used to make it.
        f = need_faction(faction, action)
        then = dispatch.do_command(
            game, f.name, a.Pass(bonus=Tile(kind), faction=action.faction, line=action.line)
        )
        segment.close_row(game)
        return then
    f = need_faction(faction, action)
    adjust_command(game, f, action.delta, kind, action.source)
    return None


def adjust_command(
    game: Game, faction: FactionState, delta: int, kind: str, source: str | None
) -> None:
    """``+N X`` / ``-N X`` typed by a player: allowed only where the rules grant it."""
    checked = False
    owed = faction.pending
    if kind in CULTS:
        level = faction.get(kind)
        if owed.cult < delta:
            if level == 10 or (faction.cult_blocked.get(kind) and faction.held["KEY"]):
                checked = True
        elif delta < 0:
            lose = owed.lose_cult
            if lose:
                loss = -delta
                if lose != loss:
                    raise IllegalMove("all cult steps must be lost on the same cult track")
                if level < loss:
                    raise IllegalMove(f"not high enough on {kind} to lose {count(loss, 'step')}")
                owed.lose_cult = lose - loss
                checked = True
            elif Option.LOOSE_CULT_LOSS not in game.options:
                if level == 10 or level + delta < 7:
                    raise IllegalMove("cult steps cannot be given up voluntarily")
        elif owed.cult > delta and owed.cults_on_same_track:
            raise IllegalMove("all cult steps of this action must go on the same track")
        else:
            owed.cult -= delta
            checked = True
            owed.cults_on_same_track = 0
    elif owed.lose_cult and Option.LOOSE_LOSE_CULT not in game.options:
        raise IllegalMove(f"must first lose {count(owed.lose_cult, 'cult step')}")

    if kind.startswith("FAV"):
        if not owed.gain_favor:
            raise IllegalMove(
                f"{faction.name} may not take a favor tile now"
                " (favors come with temples, sanctuaries and some strongholds)"
            )
        owed.gain_favor -= delta
        checked = True
    if kind.startswith("TW"):
        if not owed.gain_tw:
            raise IllegalMove(f"{faction.name} have not founded a town, so cannot take {kind}")
        owed.gain_tw -= delta
        checked = True
    if kind == "VP" and game.finished:
        checked = True
    if kind == "SPADE" and delta < 0:
        if (
            not faction.passed
            and faction.disable_spade_decline
            and Option.LOOSE_DIG not in game.options
        ):
            raise IllegalMove("spades bought with 'dig' must be used, not thrown away")
        checked = True
    if (not checked and delta > 0) or kind.startswith(
        ("LOSE_", "CULTS_ON_SAME_TRACK", "TOWN_SIZE", "TF_NEED_HEX_ADJACENCY")
    ):
        if Option.LOOSE_ADJUST_RESOURCE in game.options:
            segment.warn(game, faction, f"dodgy resource manipulation ({delta} {kind})")
        else:
            raise IllegalMove(f"{faction.name} are not entitled to gain {delta} {kind} here")

    adjust(game, faction, kind, delta, source)

    if kind == "FREE_TF" and owed.free_tf == 0:
        owed.tf_need_hex_adjacency = 0
    if kind == "FREE_D" and owed.free_d == 0:
        owed.teleport_no_tf = 0
    pending.dismiss_action(game, faction, d.CultSteps)
    if kind == "SPADE" and owed.spade < 1:
        pending.dismiss_action(game, faction, d.Transform)
    if kind.startswith("GAIN_"):
        pending.dismiss_action(game, faction, d.GainToken)


def _convert(game: Game, faction: FactionState | None, action: a.Convert) -> None:
    f = need_active(game, faction, action)
    if Option.LOOSE_CONVERT_PHASE not in game.options and game.phase is not Phase.PLAY:
        raise IllegalMove("resources can only be converted during the action phase")
    for record in leech.pending_offers(game, f):
        record.tainted = "convert"
    rates = {k: dict(v) for k, v in f.exchange_rates.items()}
    src: str = action.from_what._value_
    dst: str = action.to_what._value_
    if f.pending.convert_w_to_p:
        if action.to_count > 3:
            raise IllegalMove("the darklings' stronghold converts at most 3 W to P")
        rates.setdefault("W", {})["P"] = 1
        f.pending.convert_w_to_p = 0
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
    to: str = action.what._value_
    paid: str = action.paid_with._value_
    # Shapeshifters' P3 for VP is the one such trade the rules grant.
    if (to, paid) != ("P3", "VP") or not f.pending.gain_p3_for_vp:
        raise IllegalMove(f"{f.name} cannot gain {to} for {paid} now")
    adjust(game, f, paid, -1, "convert")
    adjust(game, f, to, 1, "convert")
    f.pending.gain_p3_for_vp -= 1
    pending.dismiss_action(game, f, d.GainToken)


def _burn(game: Game, faction: FactionState | None, action: a.Burn) -> None:
    f = need_active(game, faction, action)
    n = action.amount
    if f.p2 < 2 * n:
        raise IllegalMove(
            f"{f.name} cannot burn {n}: needs {2 * n} power tokens in bowl II, has {f.p2}"
        )
    adjust(game, f, "P2", -2 * n)
    adjust(game, f, "P3", n)


HANDLERS: dict[type, Handler] = {
    a.Adjust: _adjust,
    a.Convert: _convert,
    a.Gain: _gain,
    a.Burn: _burn,
}
