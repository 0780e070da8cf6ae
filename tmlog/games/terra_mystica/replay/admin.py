"""Admin commands: scoring tiles, options, players, order, randomized setups, maps."""

from __future__ import annotations

from tmlog.errors import IllegalMove
from tmlog.games.terra_mystica.model import actions as a
from tmlog.games.terra_mystica.model.enums import Tile
from tmlog.games.terra_mystica.replay import (
    dispatch,
    phases,
    segment,
)
from tmlog.games.terra_mystica.replay.guards import no_faction
from tmlog.games.terra_mystica.replay.holdings import HELD
from tmlog.games.terra_mystica.replay.maps import MAPS
from tmlog.games.terra_mystica.replay.options import Option, log_option, option_named
from tmlog.games.terra_mystica.replay.randomize import SeededDraw, natural_key
from tmlog.games.terra_mystica.replay.setup import add_variant, finalize_setup
from tmlog.games.terra_mystica.replay.state import FactionState, Game, Handler, Phase
from tmlog.games.terra_mystica.replay.tiles import (
    FINAL_SCORING_POINTS,
    FIRE_ICE_FINAL_SCORING,
    SCORING,
)


def _score(game: Game, faction: FactionState | None, action: a.Score) -> None:
    no_faction(faction, action)
    if len(action.tiles) != 6:
        raise IllegalMove(f"six round-scoring tiles are needed, not {len(action.tiles)}")
    for i, tile in enumerate(action.tiles, 1):
        spec = SCORING.get(tile.value)
        if spec is None:
            raise IllegalMove(f"{tile.value} is not a round-scoring tile")
        segment.write_comment(game, f"Round {i} scoring: {tile.value}, {spec.display}")
    game.score_tiles = [t.value for t in action.tiles]


def _delete(game: Game, faction: FactionState | None, action: a.Delete) -> None:
    finalize_setup(game)
    name = action.tile.upper()
    segment.write_comment(game, f"Removing tile {name}")
    if faction is not None:
        if name in HELD:
            faction.set(name, max(faction.get(name) - 1, 0))
        return
    pool = game.pool or {}
    if name not in pool or pool[name] <= 1:
        pool.pop(name, None)
    else:
        pool[name] -= 1


def _option(game: Game, faction: FactionState | None, action: a.SetOption) -> None:
    no_faction(faction, action)
    option = log_option(action.name.lower())
    if option is Option.MAINTAIN_PLAYER_ORDER and game.player_count is not None:
        raise IllegalMove("maintain-player-order can only be used in private games")
    game.options.add(option)
    segment.write_comment(game, f"option {option}")


def _drop_option(game: Game, faction: FactionState | None, action: a.DropOption) -> None:
    option = option_named(action.name)
    if option is not None:
        game.options.discard(option)


def _player(game: Game, faction: FactionState | None, action: a.AddPlayer) -> None:
    no_faction(faction, action)
    game.players.append(
        {
            "name": action.name,
            "email": action.email,
            "username": action.username,
            "index": len(game.players),
        }
    )
    if game.player_count is not None and len(game.players) > game.player_count:
        raise IllegalMove(f"too many players (expected {game.player_count})")


def _order(game: Game, faction: FactionState | None, action: a.Order) -> None:
    no_faction(faction, action)
    wanted = {u.lower(): i for i, u in enumerate(action.usernames)}
    game.players.sort(key=lambda p: wanted.get(str(p.get("username") or "").lower(), len(wanted)))
    phases.advance_phase(game, Phase.SELECT_FACTIONS)


def _randomize(game: Game, faction: FactionState | None, action: a.Randomize) -> None:
    no_faction(faction, action)
    finalize_setup(game)
    if game.player_count is None:
        phases.advance_phase(game, Phase.SELECT_FACTIONS)
    if game.player_count is not None and len(game.players) != game.player_count:
        return
    if not game.players:
        raise IllegalMove("randomize needs the players ('player NAME' lines) to draw the seats")
    draw = SeededDraw(action.seed)
    tiles = sorted(game.score_pool, key=natural_key)
    while True:
        drawn = draw.shuffle(tiles)
        if "SCORE1" not in drawn[4:6]:
            break
    dispatch.do_command(
        game, None, a.Score(tiles=tuple(Tile(t) for t in drawn[:6]), line=action.line)
    )
    segment.close_row(game)
    bonus = draw.shuffle(sorted(k for k in (game.pool or {}) if k.startswith("BON")))
    while len(bonus) > len(game.players) + 3:
        dispatch.do_command(game, None, a.Delete(tile=bonus.pop(0), line=action.line))
        segment.close_row(game)
    if Option.MAINTAIN_PLAYER_ORDER in game.options:
        players = sorted(game.players, key=lambda p: p["index"])
    else:
        ordered = sorted(game.players, key=lambda p: (str(p["name"]).lower(), p["index"]))
        players = draw.shuffle(ordered, name=lambda p: str(p["name"]))
    for seat, player in enumerate(players, 1):
        segment.write_comment(game, f"Player {seat}: {player['name']}")
    if Option.FIRE_AND_ICE_FINAL_SCORING in game.options:
        kinds = sorted(FIRE_ICE_FINAL_SCORING)
        if action.version != "v1":
            kinds = draw.shuffle(kinds)
        add_final_scoring(game, kinds[0])
    game.players = players


def _map(game: Game, faction: FactionState | None, action: a.SelectMap) -> None:
    no_faction(faction, action)
    map_id = None if action.map_id == "original" else action.map_id
    if game.factions:
        # The terrain was fixed before the first setup (see stream.map_of);
        # like the reference engine, a later map line changes only the id.
        if map_id is not None and map_id not in MAPS:
            raise IllegalMove(f"unknown map id {map_id}: tmlog does not know its terrain")
        segment.warn(
            game,
            None,
            f"map {action.map_id} after the factions were set up changes no terrain"
            " (only the map id the game reports)",
        )
    game.map_variant = map_id
    segment.write_comment(game, f"map {action.map_id}")


def _faction_variant(game: Game, faction: FactionState | None, action: a.FactionVariant) -> None:
    no_faction(faction, action)
    add_variant(game, action.name.lower())


def _final_scoring(game: Game, faction: FactionState | None, action: a.FinalScoring) -> None:
    no_faction(faction, action)
    add_final_scoring(game, action.name)


def add_final_scoring(game: Game, name: str) -> None:
    if name not in FINAL_SCORING_POINTS:
        raise IllegalMove(f"unknown final scoring type {name}")
    game.final_scoring[name] = FINAL_SCORING_POINTS[name]
    segment.write_comment(game, f"Added final scoring tile: {name}")


def _noop(game: Game, faction: FactionState | None, action: a.Action) -> None:
    return None


def _preview(game: Game, faction: FactionState | None, action: a.StartPreview) -> None:
    no_faction(faction, action)


def _planning(game: Game, faction: FactionState | None, action: a.StartPlanning) -> None:
    raise IllegalMove("the site's planner rows (start_planning) are not part of a game log")


HANDLERS: dict[type, Handler] = {
    a.Delete: _delete,
    a.StartPlanning: _planning,
    a.AddPlayer: _player,
    a.Order: _order,
    a.Score: _score,
    a.SetOption: _option,
    a.DropOption: _drop_option,
    a.SelectMap: _map,
    a.Randomize: _randomize,
    a.FactionVariant: _faction_variant,
    a.FinalScoring: _final_scoring,
    a.Abort: _noop,
    a.AdminEmail: _noop,
    a.StartPreview: _preview,
}
