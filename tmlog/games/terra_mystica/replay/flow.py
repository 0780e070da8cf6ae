"""Turn flow: waiting, done, income, finishing, dropping out."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.replay import events, pending, phases, scoring, segment, turns
from tmlog.games.terra_mystica.replay.decisions import FullTurn, LeechOffer
from tmlog.games.terra_mystica.replay.economy import adjust
from tmlog.games.terra_mystica.replay.guards import need_faction, no_faction
from tmlog.games.terra_mystica.replay.options import Option
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler


def _wait(game: Game, faction: FactionState | None, action: a.Wait) -> None:
    # The reference engine marks the faction as waiting, which no rule reads:
    # only that a faction gave the command is checked.
    need_faction(faction, action)


def _done(game: Game, faction: FactionState | None, action: a.Done) -> None:
    f = need_faction(faction, action)
    if Option.LOOSE_DONE in game.options:
        f.allowed_actions = 0
    elif f.allowed_actions:
        raise IllegalMove(f"{f.name} must take an action before 'done'")
    f.allowed_sub_actions = {}


def _start(game: Game, faction: FactionState | None, action: a.Start) -> None:
    if any(isinstance(r, FullTurn) for r in game.action_required):
        return
    phases.start_round(game)


def _admin_income(game: Game, faction: FactionState | None, action: a.AdminIncome) -> None:
    if any(r and not isinstance(r, LeechOffer) for r in game.action_required):
        return
    for f in game.in_order():
        if not f.income_taken:
            phases.take_income(game, f, 15)


def _faction_income(game: Game, faction: FactionState | None, action: a.FactionIncome) -> None:
    f = need_faction(faction, action)
    mask = {None: 15, "all": 15, "cult": 1, "other": 14}[
        action.income._value_ if action.income else None
    ]
    phases.take_income(game, f, mask)


def _finish(game: Game, faction: FactionState | None, action: a.Finish) -> None:
    no_faction(faction, action)
    if any(r and not isinstance(r, LeechOffer) for r in game.action_required):
        return
    scoring.finish(game)


def _score_resources(game: Game, faction: FactionState | None, action: a.ScoreResources) -> None:
    scoring.score_resources(game, need_faction(faction, action))


def _drop(game: Game, faction: FactionState | None, action: a.DropFaction) -> None:
    if action.target is None:
        no_faction(faction, action)
        index = action.player_index or 0
        if not 1 <= index <= len(game.players):
            raise IllegalMove(f"there is no player {index} to drop")
        raise IllegalMove("dropping a player before faction selection is not supported")
    name = action.target.value
    if faction is not None and faction.name != name:
        raise IllegalMove(f"{faction.name} cannot drop the {name}")
    target = game.factions.get(name)
    if target is None:
        raise IllegalMove(f"{name} are not in the game")
    target.dropped = True
    target.allowed_actions = 0
    target.allowed_sub_actions = {}
    game.events.append(
        events.FactionDropped(round=game.round, turn=game.turn, line=game.line, faction=name)
    )
    pending.dismiss_action(game, target, None)
    discard = next(iter(target.tiles("BON")), None)
    if discard:
        adjust(game, target, discard, -1)
    game.setup_order = [step for step in game.setup_order if step[0] != name]
    turns.maybe_advance_to_next_player(game, target)
    segment.write_comment(game, f"{name} dropped from the game")


HANDLERS: dict[type, Handler] = {
    a.Wait: _wait,
    a.Done: _done,
    a.DropFaction: _drop,
    a.FactionIncome: _faction_income,
    a.ScoreResources: _score_resources,
    a.AdminIncome: _admin_income,
    a.Start: _start,
    a.Finish: _finish,
}
