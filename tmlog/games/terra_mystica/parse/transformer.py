"""Parse results → typed actions: converts tokens to types, applies no rules.

The transformers run inline in the LALR parsers (``transformer=``), so every
callback receives already-converted children. Each action is created with
the column of its first token and no line (``line=0``) and no faction:
a parsed row is a faction-independent *template* that is cached by its text
and bound to its faction and line afterwards (:func:`tmlog.games.terra_mystica.parse._bind`).

A bare ``setup`` (a ledger's faction-selection row) does not know its
faction yet; it is a :class:`~tmlog.games.terra_mystica.model.actions.Setup` whose ``chosen``
is ``None`` until it is bound.
"""

from __future__ import annotations

from typing import Any, cast

from lark import Token, Transformer, v_args

from tmlog.games.terra_mystica.model.actions import (
    Abort,
    Action,
    AddPlayer,
    Adjust,
    AdminEmail,
    AdminIncome,
    Advance,
    Build,
    BuildBridge,
    Burn,
    Comment,
    Connect,
    Convert,
    Decline,
    Delete,
    Dig,
    Done,
    DropFaction,
    DropOption,
    Dropped,
    FactionIncome,
    FactionVariant,
    FinalScoring,
    Finish,
    Gain,
    Leech,
    LeechEffect,
    Marker,
    Order,
    Pass,
    PickColor,
    PlayerCount,
    PlayerName,
    Randomize,
    Resign,
    RoundScoring,
    Score,
    ScoreResources,
    SelectMap,
    Send,
    SetOption,
    Setup,
    Start,
    StartPlanning,
    StartPreview,
    Transform,
    UnlockTerrain,
    Upgrade,
    UseAction,
    Wait,
)
from tmlog.games.terra_mystica.model.enums import (
    Building,
    Cult,
    Faction,
    Terrain,
    Tile,
    Track,
)
from tmlog.games.terra_mystica.parse import names
from tmlog.games.terra_mystica.parse.fast import (
    LineResult,
    bowls,
    comment_action,
    count,
    cults,
    int_or_none,
    offers,
)

_NO_FACTION = cast(Faction, None)  # `chosen` of a bare `setup` until its row binds it


def _col(tok: Token) -> int:
    """The 1-based column of a token (Lark types it as optional)."""
    return tok.column or 0


def _int(tok: Token | None) -> int | None:
    return None if tok is None else int(tok)


def _comment(tok: Token | None) -> tuple[Action, ...]:
    return () if tok is None else (comment_action(str(tok), _col(tok)),)


@v_args(inline=True)
class CommandTransformer(Transformer[Token, Any]):
    """Callbacks of ``commands.lark``: one per rule alias, named after it."""

    # ------------------------------------------------------------- rows

    def faction_line(
        self, faction: Token, actions: tuple[Action, ...], comment: Token | None
    ) -> LineResult:
        # The engine emits a row's comment before its commands.
        return LineResult(names.faction(faction), _comment(comment) + actions)

    def admin_line(self, action: Action, comment: Token | None) -> LineResult:
        return LineResult(None, (*_comment(comment), action))

    def comment_line(self, comment: Token | None) -> LineResult:
        return LineResult(None, _comment(comment))

    def faction_commands(self, *actions: Action | None) -> tuple[Action, ...]:
        return tuple(a for a in actions if a is not None)

    def command(self, action: Action) -> Action:
        return action

    # ---------------------------------------------------- player verbs

    def adjust(self, sign: Token, count: Token | None, what: Token, source: Token | None) -> Adjust:
        n = 1 if count is None else int(count)
        return Adjust(
            delta=n if sign == "+" else -n,
            what=names.AMOUNTS[what.lower()],
            source=None if source is None else names.words(source),
            column=_col(sign),
        )

    def build(self, kw: Token, hex: Token) -> Build:
        return Build(hex=hex.upper(), column=_col(kw))

    def upgrade(self, kw: Token, hex: Token, building: Token) -> Upgrade:
        return Upgrade(
            hex=hex.upper(),
            building=cast(Building, Building.parse(names.words(building))),
            column=_col(kw),
        )

    def send(self, kw: Token, _priest: Token, cult: Token, slot: Token | None) -> Send:
        return Send(cult=Cult(cult.upper()), slot=_int(slot), column=_col(kw))

    def convert(
        self,
        kw: Token,
        from_count: Token | None,
        from_what: Token,
        to_count: Token | None,
        to_what: Token,
    ) -> Convert:
        # The engine reads a missing (or zero) count as 1.
        return Convert(
            from_count=int(from_count or 0) or 1,
            from_what=names.AMOUNTS[from_what.lower()],
            to_count=int(to_count or 0) or 1,
            to_what=names.AMOUNTS[to_what.lower()],
            column=_col(kw),
        )

    def gain(self, kw: Token, what: Token, paid_with: Token) -> Gain:
        return Gain(
            what=names.AMOUNTS[what.lower()],
            paid_with=names.AMOUNTS[paid_with.lower()],
            column=_col(kw),
        )

    def burn(self, kw: Token, amount: Token) -> Burn:
        return Burn(amount=int(amount), column=_col(kw))

    def leech(self, kw: Token, amount: Token, source: Token | None) -> Leech:
        return Leech(amount=int(amount), source_faction=names.faction(source), column=_col(kw))

    def decline(self, kw: Token, amount: Token | None, source: Token | None) -> Decline:
        return Decline(amount=_int(amount), source_faction=names.faction(source), column=_col(kw))

    def terraform(self, kw: Token, hex: Token, color: Token | None) -> Transform:
        terrain = None if color is None else cast(Terrain, Terrain.parse(color))
        return Transform(hex=hex.upper(), terrain=terrain, column=_col(kw))

    def dig(self, kw: Token, amount: Token) -> Dig:
        return Dig(amount=int(amount), column=_col(kw))

    def action(self, kw: Token, name: Token) -> UseAction:
        return UseAction(space=names.space(name), column=_col(kw))

    def pass_(self, kw: Token, bonus: Token | None) -> Pass:
        return Pass(bonus=None if bonus is None else Tile(bonus.upper()), column=_col(kw))

    locals()["pass"] = pass_  # the rule is named `pass`, a Python keyword

    def advance(self, kw: Token, track: Token) -> Advance:
        return Advance(track=cast(Track, Track.parse(track)), column=_col(kw))

    def bridge(self, kw: Token, hex1: Token, hex2: Token, allow: Token | None) -> BuildBridge:
        return BuildBridge(
            hex1=hex1.upper(), hex2=hex2.upper(), allow_illegal=allow is not None, column=_col(kw)
        )

    def connect_hexes(self, kw: Token, *hexes: Token | None) -> Connect:
        return Connect(hexes=tuple(h.upper() for h in hexes if h is not None), column=_col(kw))

    def connect_river(self, kw: Token, river: Token) -> Connect:
        return Connect(river=river.lower(), column=_col(kw))

    def pick_color(self, kw: Token, color: Token) -> PickColor:
        return PickColor(terrain=cast(Terrain, Terrain.parse(color)), column=_col(kw))

    def unlock_terrain(self, kw: Token, target: Token) -> UnlockTerrain:
        if target.type.endswith("UNLOCK_GAIN"):
            return UnlockTerrain(target=target.lower(), column=_col(kw))
        return UnlockTerrain(target=cast(Terrain, Terrain.parse(target)), column=_col(kw))

    def wait(self, kw: Token) -> Wait:
        return Wait(column=_col(kw))

    def done(self, kw: Token) -> Done:
        return Done(column=_col(kw))

    def resign(self, kw: Token) -> Resign:
        return Resign(column=_col(kw))

    def drop_faction(self, kw: Token, target: Token) -> DropFaction:
        if target.type.endswith("PLAYER_N"):
            return DropFaction(player_index=int(target[len("player") :]), column=_col(kw))
        return DropFaction(target=names.faction(target), column=_col(kw))

    def delete(self, kw: Token, tile: Token) -> Delete:
        return Delete(tile=tile.upper(), column=_col(kw))

    # --------------------------------------- rows the engine writes itself

    def faction_income(self, tok: Token) -> FactionIncome:
        return FactionIncome(income=names.income_kind(tok), column=_col(tok))

    def score_resources(self, kw: Token) -> ScoreResources:
        return ScoreResources(column=_col(kw))

    def start_planning(self, kw: Token) -> StartPlanning:
        return StartPlanning(column=_col(kw))

    def leech_accepted(self, kw: Token) -> LeechEffect:
        return LeechEffect(accepted=True, column=_col(kw))

    def leech_declined(self, kw: Token) -> LeechEffect:
        return LeechEffect(accepted=False, column=_col(kw))

    def setup_row(self, kw: Token) -> Setup:
        return Setup(chosen=_NO_FACTION, column=_col(kw))

    def admin_income(self, kw: Token) -> AdminIncome:
        return AdminIncome(column=_col(kw))

    # ------------------------------------------------------- admin rows

    def setup(self, kw: Token, faction: Token, player: Token | None, email: Token | None) -> Setup:
        return Setup(
            chosen=cast(Faction, Faction.parse(faction)),
            player=None if player is None else str(player),
            email=None if email is None else str(email),
            column=_col(kw),
        )

    def add_player(
        self, kw: Token, name: Token, email: Token | None, username: Token | None
    ) -> AddPlayer:
        return AddPlayer(
            name=str(name),
            email=None if email is None else str(email),
            username=None if username is None else str(username),
            column=_col(kw),
        )

    def player_count(self, kw: Token, count: Token) -> PlayerCount:
        return PlayerCount(count=int(count), column=_col(kw))

    def order(self, kw: Token, names: Token) -> Order:
        return Order(usernames=tuple(n for n in names.split(",") if n), column=_col(kw))

    def randomize(self, kw: Token, version: Token, seed: Token) -> Randomize:
        return Randomize(version=version.lower(), seed=names.words(seed), column=_col(kw))

    def score(self, kw: Token, *tiles: Token) -> Score:
        return Score(tiles=tuple(Tile(t.upper()) for t in tiles), column=_col(kw))

    def set_option(self, kw: Token, name: Token) -> SetOption:
        return SetOption(name=name.lower(), column=_col(kw))

    def drop_option(self, kw: Token, name: Token) -> DropOption:
        return DropOption(name=str(name), column=_col(kw))

    def select_map(self, kw: Token, map_id: Token) -> SelectMap:
        return SelectMap(map_id=names.words(map_id), column=_col(kw))

    def faction_variant(self, kw: Token, name: Token) -> FactionVariant:
        return FactionVariant(name=names.words(name).lower(), column=_col(kw))

    def final_scoring(self, kw: Token, name: Token) -> FinalScoring:
        return FinalScoring(name=names.words(name), column=_col(kw))

    def start(self, kw: Token) -> Start:
        return Start(column=_col(kw))

    def finish(self, kw: Token) -> Finish:
        return Finish(column=_col(kw))

    def abort(self, kw: Token) -> Abort:
        return Abort(column=_col(kw))

    def start_preview(self, kw: Token) -> StartPreview:
        return StartPreview(column=_col(kw))

    def admin_email(self, kw: Token, address: Token) -> AdminEmail:
        return AdminEmail(address=names.words(address), column=_col(kw))


@v_args(inline=True)
class LedgerTransformer(CommandTransformer):
    """Callbacks of ``ledger.lark``: typed cell values and engine comment rows.

    It inherits the callbacks of the command rules that ``ledger.lark``
    imports by name (``faction_commands``, ``set_option``, ``select_map``);
    the rules they depend on arrive in the ``commands__`` namespace through
    :func:`lark.visitors.merge_transformers`.
    """

    # ------------------------------------------------------------ cells

    def faction_cell(self, tok: Token) -> Faction:
        return cast(Faction, Faction.parse(tok))

    def command_cell(self, actions: tuple[Action, ...]) -> tuple[Action, ...]:
        return actions

    def delta_cell(self, tok: Token | None) -> int | None:
        return int_or_none(tok)

    def vp_cell(self, tok: Token) -> int:
        return count(tok)

    c_cell = w_cell = p_cell = vp_cell

    def pw_cell(self, tok: Token) -> tuple[int, int, int]:
        return bowls(tok)

    def cult_cell(self, tok: Token) -> tuple[int, int, int, int]:
        return cults(tok)

    def leech_cell(self, tok: Token | None) -> tuple[int, ...]:
        return offers(tok)

    # ----------------------------------------------------- comment rows

    def round_scoring(self, round: Token, tile: Token, description: Token) -> RoundScoring:
        return RoundScoring(
            round=int(round), tile=Tile(tile.upper()), description=str(description), column=1
        )

    def removing_tile(self, tile: Token) -> Delete:
        return Delete(tile=tile.upper(), column=1)

    def player_name(self, seat: Token, name: Token) -> PlayerName:
        return PlayerName(seat=int(seat), name=str(name), column=1)

    def dropped(self, faction: Token) -> Dropped:
        return Dropped(target=cast(Faction, Faction.parse(faction)), column=_col(faction))

    def added_final_scoring(self, name: Token) -> FinalScoring:
        return FinalScoring(name=str(name), column=1)

    def marker(self, tok: Token) -> Marker:
        return Marker(text=str(tok), column=_col(tok))

    def user_comment(self, tok: Token) -> Comment:
        return Comment(text=str(tok), column=_col(tok))
