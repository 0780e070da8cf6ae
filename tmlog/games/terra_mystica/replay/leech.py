"""Power offers to neighbours when a faction builds ("leech"), and their answers.

An offer is the sum of the receiver's adjacent building strengths; what the
receiver can actually take is capped by its bowls (two per token in bowl I,
one per token in bowl II) and by its VP (it pays gain − 1 VP). The Cultists
(and Shapeshifters) react to the first acceptance, or to every neighbour
declining under ``errata-cultist-power``, with an effect row of their own.
"""

from __future__ import annotations

from collections.abc import Mapping

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model.actions import LeechEffect
from tmlog.games.terra_mystica.replay import events, pending, segment
from tmlog.games.terra_mystica.replay.decisions import LeechOffer
from tmlog.games.terra_mystica.replay.economy import adjust, gain, gain_power
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game
from tmlog.games.terra_mystica.replay.tiles import BUILDING_STRENGTH


def compute_offers(game: Game, builder: FactionState, where: str) -> dict[str, int]:
    """Offers by colour from a building at ``where`` (nothing during setup)."""
    if not game.round:
        return {}
    hexes = game.hexes
    color = hexes[where].color
    offers: dict[str, int] = {}
    for other in game.adjacent(where):
        h = hexes[other]
        if h.building and h.color != color:
            owner = game.color_owner(h.color)
            strength = None
            if owner is not None:
                strength = owner.building_strength.get(h.building)
            offers[h.color] = offers.get(h.color, 0) + (strength or BUILDING_STRENGTH[h.building])
    return offers


def note_leech(game: Game, builder: FactionState, where: str) -> dict[str, int]:
    """Record the offers a build or upgrade makes; returns them by colour."""
    offers = compute_offers(game, builder, where)
    game.leech_id += 1
    offer_id = game.leech_id
    # Turn order from the builder matters when the Cultists are involved.
    for receiver in game.in_order_from(builder, skip_dropped=True):
        amount = offers.get(receiver.color)
        if not amount:
            continue
        actual = min(amount, receiver.p1 * 2 + receiver.p2)
        if receiver.dropped:
            actual = 0
        pending.require_action(
            game,
            receiver,
            LeechOffer(from_faction=builder.name, amount=amount, actual=actual, leech_id=offer_id),
        )
        if actual:
            builder.leech_not_rejected[offer_id] = builder.leech_not_rejected.get(offer_id, 0) + 1
            builder.leech_rejected[offer_id] = 0
        game.events.append(
            events.PowerOffered(
                game.round,
                game.turn,
                game.line,
                receiver.name,
                source_faction=builder.name,
                amount=amount,
                actual=actual,
                offer_id=offer_id,
            )
        )
    for color, amount in offers.items():
        segment.offer_power(game, color, amount)
    return offers


def pending_offers(game: Game, faction: FactionState) -> list[LeechOffer]:
    if not game.action_required:
        return []
    name = faction.name
    return [r for r in game.action_required if isinstance(r, LeechOffer) and r.faction == name]


def _effect_row(
    game: Game, faction: FactionState, accepted: bool, bundle: Mapping[str, int]
) -> None:
    before = segment.snapshot(game, faction)
    gain(game, faction, bundle)
    segment.effect_row(game, faction, LeechEffect(accepted=accepted, faction=faction.tag), before)


def accept(game: Game, faction: FactionState, amount: int, source: str) -> None:
    """``leech N [from F]``: take an offer, paying VP for all but the first power."""
    want = amount
    if want > faction.vp:
        want = faction.vp + 1
    gained = gain_power(faction, want)
    vp = gained - 1

    found: LeechOffer | None = None
    found_at = -1
    reactions: list[FactionState] = []
    for i, record in enumerate(game.action_required):
        if not isinstance(record, LeechOffer) or record.faction != faction.name:
            continue
        if (record.amount != amount and record.amount != gained) or (
            source and source != record.from_faction
        ):
            record.tainted = f"leech {amount} from {source}"
            continue
        builder = game.factions[record.from_faction]
        if builder.leech_effect and record.actual > 0:
            offer_id = record.leech_id
            if not builder.leech_cult_gained.get(offer_id):
                builder.leech_cult_gained[offer_id] = 1
                _effect_row(game, builder, True, builder.leech_effect["taken"])
                reactions.append(builder)
            else:
                builder.leech_cult_gained[offer_id] += 1
        if record.tainted:
            message = f"'leech {amount} from {source}' should happen before '{record.tainted}'"
            if Option.STRICT_LEECH in game.options:
                raise IllegalMove(message)
            segment.warn(game, faction, message)
        found = record
        found_at = i
        break

    if found is None:
        if not source and Option.STRICT_LEECH not in game.options:
            segment.warn(game, faction, f"invalid leech {amount} (accepting anyway)")
        else:
            raise IllegalMove(
                f"{faction.name} have no offer of {amount} power"
                + (f" from {source}" if source else "")
                + " to accept"
            )
    else:
        # By its index: list.index would compare each record before it field by field
        # (unless an effect row above replaced the list).
        required = game.action_required
        if found_at >= len(required) or required[found_at] is not found:
            found_at = required.index(found)
        required[found_at] = None

    if gained > 0:
        adjust(game, faction, "VP", -vp, "leech")
    if found is not None:
        game.events.append(
            events.PowerAccepted(
                game.round,
                game.turn,
                game.line,
                faction.name,
                source_faction=found.from_faction,
                amount=found.amount,
                power=gained,
                vp=max(vp, 0),
                offer_id=found.leech_id,
            )
        )

    for builder in reactions:
        pending.detect_incomplete_turn(game, builder)
    pending.clear_empty(game)

    capacity = faction.p1 * 2 + faction.p2
    for record in game.action_required:
        if isinstance(record, LeechOffer) and record.faction == faction.name:
            if not capacity and record.actual:
                _maybe_all_declined(game, record)
            record.actual = min(record.actual, capacity)


def decline(game: Game, faction: FactionState, amount: int, source: str, *, explicit: bool) -> int:
    """Refuse one offer; returns 1 if an offer matched."""
    for i, record in enumerate(game.action_required):
        if (
            isinstance(record, LeechOffer)
            and record.faction == faction.name
            and record.amount == amount
            and record.from_faction == source
        ):
            builder = game.factions[record.from_faction]
            offer_id = record.leech_id
            builder.leech_rejected[offer_id] = builder.leech_rejected.get(offer_id, 0) + 1
            _maybe_all_declined(game, record)
            game.events.append(
                events.PowerDeclined(
                    game.round,
                    game.turn,
                    game.line,
                    faction.name,
                    source_faction=source,
                    amount=amount,
                    power=record.actual,
                    offer_id=offer_id,
                    explicit=explicit,
                )
            )
            game.action_required[i] = None
            return 1
    return 0


def _maybe_all_declined(game: Game, record: LeechOffer) -> None:
    """Cultists' errata: one power when every neighbour declined."""
    builder = game.factions[record.from_faction]
    if not record.actual:
        return
    offer_id = record.leech_id
    builder.leech_not_rejected[offer_id] = builder.leech_not_rejected.get(offer_id, 0) - 1
    if builder.leech_not_rejected[offer_id] > 0:
        return
    if builder.leech_rejected.get(offer_id, 0) == 0:
        return
    if not builder.leech_effect or Option.ERRATA_CULTIST_POWER not in game.options:
        return
    _effect_row(game, builder, False, builder.leech_effect["not_taken"])


def decline_all(game: Game, faction: FactionState, *, explicit: bool) -> int:
    """Refuse every offer ``faction`` has; returns how many there were."""
    declined = 0
    for record in pending_offers(game, faction):
        declined += decline(game, faction, record.amount, record.from_faction, explicit=explicit)
        pending.clear_empty(game)
    return declined
