"""Typed actions: one immutable value per verb of the Terra Mystica log language.

Every action knows the faction that issued it (``None`` for admin and setup
commands), the line and column it was read from, and prints itself back in
canonical notation::

    >>> from tmlog.games.terra_mystica.model.enums import Faction
    >>> str(Build(hex="E5", faction=Faction.WITCHES))
    'witches: build E5'

Positions are not part of equality, so ``parse(str(a))`` equals ``a``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tmlog.games.terra_mystica.model.enums import (
    ActionSpace,
    Building,
    Cult,
    Faction,
    IncomeKind,
    Pseudo,
    Resource,
    Terrain,
    Tile,
    Track,
)

Amount = Resource | Cult | Tile | Pseudo
"""What a ``+N X`` adjustment or a conversion can name."""


@dataclass(frozen=True, kw_only=True)
class Action:
    """Base of all actions."""

    faction: Faction | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    generated: ClassVar[bool] = False
    """True for rows the reference engine writes itself (income, effects, …)."""

    @property
    def kind(self) -> str:
        """The verb, e.g. ``build``, ``leech``, ``faction-income``."""
        return _kind_of(type(self))

    def notation(self) -> str:
        """The command without the faction prefix."""
        raise NotImplementedError

    def __str__(self) -> str:
        text = self.notation()
        if self.faction is not None:
            return f"{self.faction.value}: {text}"
        return text

    def fields(self) -> dict[str, Any]:
        """The action's own fields (not faction or position), JSON-friendly."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name in ("faction", "line", "column"):
                continue
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, str):  # enums are str subclasses
        return str(value)
    return value


_KIND_CACHE: dict[type, str] = {}


def _kind_of(cls: type) -> str:
    kind = _KIND_CACHE.get(cls)
    if kind is None:
        kind = re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()
        _KIND_CACHE[cls] = kind
    return kind


def _count(n: int | None) -> str:
    return "" if n is None else str(n)


# ---------------------------------------------------------------- player verbs


@dataclass(frozen=True, kw_only=True)
class Adjust(Action):
    """``+2FIRE``, ``-SPADE``, ``+FAV11``, ``+3vp for network``: adjust a resource, take a tile."""

    delta: int
    what: Amount
    source: str | None = None

    def notation(self) -> str:
        sign = "+" if self.delta >= 0 else "-"
        n = abs(self.delta)
        text = f"{sign}{n if n != 1 else ''}{self.what.value}"
        if self.source is not None:
            text += f" for {self.source}"
        return text


@dataclass(frozen=True, kw_only=True)
class Build(Action):
    """``build E5``: a dwelling (terraforming first if needed)."""

    hex: str

    def notation(self) -> str:
        return f"build {self.hex}"


@dataclass(frozen=True, kw_only=True)
class Upgrade(Action):
    """``upgrade E5 to TP``."""

    hex: str
    building: Building

    def notation(self) -> str:
        return f"upgrade {self.hex} to {self.building.value}"


@dataclass(frozen=True, kw_only=True)
class Send(Action):
    """``send p to WATER [for N]``: a priest to a cult track (N picks the slot)."""

    cult: Cult
    slot: int | None = None

    def notation(self) -> str:
        text = f"send p to {self.cult.value}"
        if self.slot is not None:
            text += f" for {self.slot}"
        return text


@dataclass(frozen=True, kw_only=True)
class Convert(Action):
    """``convert 3PW to 1W``."""

    from_count: int
    from_what: Amount
    to_count: int
    to_what: Amount

    def notation(self) -> str:
        return (
            f"convert {self.from_count}{self.from_what.value}"
            f" to {self.to_count}{self.to_what.value}"
        )


@dataclass(frozen=True, kw_only=True)
class Gain(Action):
    """``gain P3 for VP``: a token granted by an effect, paid in another resource."""

    what: Amount
    paid_with: Amount

    def notation(self) -> str:
        return f"gain {self.what.value} for {self.paid_with.value}"


@dataclass(frozen=True, kw_only=True)
class Burn(Action):
    """``burn N``: remove N tokens from bowl II to move N to bowl III."""

    amount: int

    def notation(self) -> str:
        return f"burn {self.amount}"


@dataclass(frozen=True, kw_only=True)
class Leech(Action):
    """``leech N [from FACTION]``: accept a power offer."""

    amount: int
    source_faction: Faction | None = None

    def notation(self) -> str:
        text = f"leech {self.amount}"
        if self.source_faction is not None:
            text += f" from {self.source_faction.value}"
        return text


@dataclass(frozen=True, kw_only=True)
class Decline(Action):
    """``decline [N from FACTION]``: refuse one offer, or all of them."""

    amount: int | None = None
    source_faction: Faction | None = None

    def notation(self) -> str:
        if self.amount is None:
            return "decline"
        text = f"decline {self.amount}"
        if self.source_faction is not None:
            text += f" from {self.source_faction.value}"
        return text


@dataclass(frozen=True, kw_only=True)
class Transform(Action):
    """``transform F3 [to brown]``: spend spades on a hex."""

    hex: str
    terrain: Terrain | None = None

    def notation(self) -> str:
        if self.terrain is None:
            return f"transform {self.hex}"
        return f"transform {self.hex} to {self.terrain.value}"


@dataclass(frozen=True, kw_only=True)
class Dig(Action):
    """``dig N``: buy N spades at the current digging level."""

    amount: int

    def notation(self) -> str:
        return f"dig {self.amount}"


@dataclass(frozen=True, kw_only=True)
class UseAction(Action):
    """``action ACT5``: a power action, a faction action, or a tile's action."""

    space: ActionSpace | Tile

    def notation(self) -> str:
        return f"action {self.space.value}"


@dataclass(frozen=True, kw_only=True)
class Pass(Action):
    """``pass [BONn]``: end the round, taking a bonus tile."""

    bonus: Tile | None = None

    def notation(self) -> str:
        return "pass" if self.bonus is None else f"pass {self.bonus.value}"


@dataclass(frozen=True, kw_only=True)
class Advance(Action):
    """``advance ship`` / ``advance dig``."""

    track: Track

    def notation(self) -> str:
        return f"advance {self.track.value}"


@dataclass(frozen=True, kw_only=True)
class BuildBridge(Action):
    """``bridge E9:D6 [allow_illegal]``."""

    hex1: str
    hex2: str
    allow_illegal: bool = False

    @property
    def kind(self) -> str:
        return "bridge"

    def notation(self) -> str:
        text = f"bridge {self.hex1}:{self.hex2}"
        return text + " allow_illegal" if self.allow_illegal else text


@dataclass(frozen=True, kw_only=True)
class Connect(Action):
    """``connect F2:E4[:G3]`` or ``connect r5``: a Mermaids town across a river."""

    hexes: tuple[str, ...] = ()
    river: str | None = None

    def notation(self) -> str:
        if self.river is not None:
            return f"connect {self.river}"
        return "connect " + ":".join(self.hexes)


@dataclass(frozen=True, kw_only=True)
class PickColor(Action):
    """``pick-color red``."""

    terrain: Terrain

    def notation(self) -> str:
        return f"pick-color {self.terrain.value}"


@dataclass(frozen=True, kw_only=True)
class UnlockTerrain(Action):
    """``unlock-terrain blue`` or ``unlock-terrain gain-priest`` (Riverwalkers)."""

    target: Terrain | str

    def notation(self) -> str:
        return f"unlock-terrain {self.target}"


@dataclass(frozen=True, kw_only=True)
class Wait(Action):
    """``wait``: wait for others' decisions."""

    def notation(self) -> str:
        return "wait"


@dataclass(frozen=True, kw_only=True)
class Done(Action):
    """``done``: end the turn explicitly."""

    def notation(self) -> str:
        return "done"


@dataclass(frozen=True, kw_only=True)
class Resign(Action):
    """``resign``: the player leaves the game (same as dropping the faction)."""

    def notation(self) -> str:
        return "resign"


@dataclass(frozen=True, kw_only=True)
class DropFaction(Action):
    """``drop-faction nomads`` / ``drop-faction player3``."""

    target: Faction | None = None
    player_index: int | None = None

    def notation(self) -> str:
        if self.target is not None:
            return f"drop-faction {self.target.value}"
        return f"drop-faction player{self.player_index}"


@dataclass(frozen=True, kw_only=True)
class Delete(Action):
    """``delete BON3``: remove a tile from the pool (or from a faction)."""

    tile: str

    def notation(self) -> str:
        return f"delete {self.tile}"


# ------------------------------------------------ rows the engine writes itself


@dataclass(frozen=True, kw_only=True)
class FactionIncome(Action):
    """``cult_income_for_faction`` and friends: an income row."""

    income: IncomeKind | None = None
    generated: ClassVar[bool] = True

    def notation(self) -> str:
        if self.income is None:
            return "income_for_faction"
        return f"{self.income.value}_income_for_faction"


@dataclass(frozen=True, kw_only=True)
class ScoreResources(Action):
    """``score_resources``: the end-of-game conversion of resources to VP."""

    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "score_resources"


@dataclass(frozen=True, kw_only=True)
class LeechEffect(Action):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` (Cultists)."""

    accepted: bool
    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "[opponent accepted power]" if self.accepted else "[all opponents declined power]"


@dataclass(frozen=True, kw_only=True)
class StartPlanning(Action):
    """``start_planning``: the site's planner; not part of a played game."""

    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "start_planning"


# ------------------------------------------------------- admin / setup commands


@dataclass(frozen=True, kw_only=True)
class Setup(Action):
    """``setup cultists [for PLAYER] [email E]``: a faction joins the game.

    In a ledger the same fact is a row of the faction whose command is ``setup``.
    """

    chosen: Faction
    player: str | None = None
    email: str | None = None

    def notation(self) -> str:
        text = f"setup {self.chosen.value}"
        if self.player is not None:
            text += f" for {self.player}"
        if self.email is not None:
            text += f" email {self.email}"
        return text

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, kw_only=True)
class AddPlayer(Action):
    """``player NAME [email E] [username U]``."""

    name: str
    email: str | None = None
    username: str | None = None

    @property
    def kind(self) -> str:
        return "player"

    def notation(self) -> str:
        text = f"player {self.name}"
        if self.email is not None:
            text += f" email {self.email}"
        if self.username is not None:
            text += f" username {self.username}"
        return text


@dataclass(frozen=True, kw_only=True)
class PlayerCount(Action):
    """``player-count N``."""

    count: int

    def notation(self) -> str:
        return f"player-count {self.count}"


@dataclass(frozen=True, kw_only=True)
class Order(Action):
    """``order u1,u2,…``: force the player order."""

    usernames: tuple[str, ...]

    def notation(self) -> str:
        return "order " + ",".join(self.usernames)


@dataclass(frozen=True, kw_only=True)
class Randomize(Action):
    """``randomize v2 seed SEED``."""

    version: str
    seed: str

    def notation(self) -> str:
        return f"randomize {self.version} seed {self.seed}"


@dataclass(frozen=True, kw_only=True)
class Score(Action):
    """``score SCORE1,…,SCORE6``: the six round-scoring tiles."""

    tiles: tuple[Tile, ...]

    def notation(self) -> str:
        return "score " + ",".join(t.value for t in self.tiles)


@dataclass(frozen=True, kw_only=True)
class RoundScoring(Action):
    """Ledger comment ``Round 3 scoring: SCORE7, SA/SH >> 5``: one round's scoring tile.

    Ledger-only: like :class:`Marker`, :class:`PlayerName` and :class:`Dropped`
    it prints as the ledger's comment text, which parses back in ledger format.
    """

    round: int
    tile: Tile
    description: str = ""

    def notation(self) -> str:
        text = f"Round {self.round} scoring: {self.tile.value}"
        return f"{text}, {self.description}" if self.description else text


@dataclass(frozen=True, kw_only=True)
class SetOption(Action):
    """``option NAME``."""

    name: str

    @property
    def kind(self) -> str:
        return "option"

    def notation(self) -> str:
        return f"option {self.name}"


@dataclass(frozen=True, kw_only=True)
class DropOption(Action):
    """``dropoption NAME``."""

    name: str

    def notation(self) -> str:
        return f"dropoption {self.name}"


@dataclass(frozen=True, kw_only=True)
class SelectMap(Action):
    """``map ID`` (a SHA-1 of the terrain) or ``map original``."""

    map_id: str

    @property
    def kind(self) -> str:
        return "map"

    def notation(self) -> str:
        return f"map {self.map_id}"


@dataclass(frozen=True, kw_only=True)
class FactionVariant(Action):
    """``faction-variant NAME``."""

    name: str

    def notation(self) -> str:
        return f"faction-variant {self.name}"


@dataclass(frozen=True, kw_only=True)
class FinalScoring(Action):
    """``final-scoring NAME``: an extra final-scoring tile."""

    name: str

    def notation(self) -> str:
        return f"final-scoring {self.name}"


@dataclass(frozen=True, kw_only=True)
class AdminIncome(Action):
    """``income``: legacy admin command, income for every faction."""

    @property
    def kind(self) -> str:
        return "income"

    def notation(self) -> str:
        return "income"


@dataclass(frozen=True, kw_only=True)
class Start(Action):
    """``start``: legacy admin command, start the next round."""

    def notation(self) -> str:
        return "start"


@dataclass(frozen=True, kw_only=True)
class Finish(Action):
    """``finish``: final scoring."""

    def notation(self) -> str:
        return "finish"


@dataclass(frozen=True, kw_only=True)
class Abort(Action):
    """``abort``: kept by the reference engine for compatibility; does nothing."""

    def notation(self) -> str:
        return "abort"


@dataclass(frozen=True, kw_only=True)
class StartPreview(Action):
    """``start-preview``."""

    def notation(self) -> str:
        return "start-preview"


@dataclass(frozen=True, kw_only=True)
class AdminEmail(Action):
    """``admin email …``: kept for compatibility; does nothing."""

    address: str

    def notation(self) -> str:
        return f"admin email {self.address}"


@dataclass(frozen=True, kw_only=True)
class Comment(Action):
    """``# text`` (``## text`` is a pragma: it leaves no comment row)."""

    text: str
    pragma: bool = False

    def notation(self) -> str:
        return ("##" if self.pragma else "#") + self.text

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, kw_only=True)
class Marker(Action):
    """A comment row the engine writes to structure a ledger.

    ``Round 2 income``, ``Round 2, turn 3``, ``Scoring FIRE cult``,
    ``Scoring network``, ``Converting resources to VPs``, ``Player 1: name``,
    ``Removing tile BON3``, ``option x``… are parsed to their own actions;
    this class covers the headers that carry no instruction.
    """

    text: str
    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, kw_only=True)
class PlayerName(Action):
    """Ledger comment ``Player 2: name``: the seat order after randomising."""

    seat: int
    name: str

    def notation(self) -> str:
        return f"Player {self.seat}: {self.name}"

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, kw_only=True)
class Dropped(Action):
    """Ledger comment ``witches dropped from the game``."""

    target: Faction

    def notation(self) -> str:
        return f"{self.target.value} dropped from the game"

    def __str__(self) -> str:
        return self.notation()


PLAYER_VERBS: tuple[type[Action], ...] = (
    Adjust,
    Build,
    Upgrade,
    Send,
    Convert,
    Gain,
    Burn,
    Leech,
    Decline,
    Transform,
    Dig,
    UseAction,
    Pass,
    Advance,
    BuildBridge,
    Connect,
    PickColor,
    UnlockTerrain,
    Wait,
    Done,
    Resign,
    DropFaction,
    Delete,
)
