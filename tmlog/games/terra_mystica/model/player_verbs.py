"""The player verbs: what a faction types on its turn (and in reply to offers)."""

from __future__ import annotations

from tmlog.games.terra_mystica.model.action import Action, Amount, action_class
from tmlog.games.terra_mystica.model.enums import (
    ActionSpace,
    Building,
    Cult,
    Faction,
    Terrain,
    Tile,
    Track,
)

# ---------------------------------------------------------------- player verbs


@action_class
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


@action_class
class Build(Action):
    """``build E5``: a dwelling (terraforming first if needed)."""

    hex: str

    def notation(self) -> str:
        return f"build {self.hex}"


@action_class
class Upgrade(Action):
    """``upgrade E5 to TP``."""

    hex: str
    building: Building

    def notation(self) -> str:
        return f"upgrade {self.hex} to {self.building.value}"


@action_class
class Send(Action):
    """``send p to WATER [for N]``: a priest to a cult track (N picks the slot)."""

    cult: Cult
    slot: int | None = None

    def notation(self) -> str:
        text = f"send p to {self.cult.value}"
        if self.slot is not None:
            text += f" for {self.slot}"
        return text


@action_class
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


@action_class
class Gain(Action):
    """``gain P3 for VP``: a token granted by an effect, paid in another resource."""

    what: Amount
    paid_with: Amount

    def notation(self) -> str:
        return f"gain {self.what.value} for {self.paid_with.value}"


@action_class
class Burn(Action):
    """``burn N``: remove N tokens from bowl II to move N to bowl III."""

    amount: int

    def notation(self) -> str:
        return f"burn {self.amount}"


@action_class
class Leech(Action):
    """``leech N [from FACTION]``: accept a power offer."""

    amount: int
    source_faction: Faction | None = None

    def notation(self) -> str:
        text = f"leech {self.amount}"
        if self.source_faction is not None:
            text += f" from {self.source_faction.value}"
        return text


@action_class
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


@action_class
class Transform(Action):
    """``transform F3 [to brown]``: spend spades on a hex."""

    hex: str
    terrain: Terrain | None = None

    def notation(self) -> str:
        if self.terrain is None:
            return f"transform {self.hex}"
        return f"transform {self.hex} to {self.terrain.value}"


@action_class
class Dig(Action):
    """``dig N``: buy N spades at the current digging level."""

    amount: int

    def notation(self) -> str:
        return f"dig {self.amount}"


@action_class
class UseAction(Action):
    """``action ACT5``: a power action, a faction action, or a tile's action."""

    space: ActionSpace | Tile

    def notation(self) -> str:
        return f"action {self.space.value}"


@action_class
class Pass(Action):
    """``pass [BONn]``: end the round, taking a bonus tile."""

    bonus: Tile | None = None

    def notation(self) -> str:
        return "pass" if self.bonus is None else f"pass {self.bonus.value}"


@action_class
class Advance(Action):
    """``advance ship`` / ``advance dig``."""

    track: Track

    def notation(self) -> str:
        return f"advance {self.track.value}"


@action_class
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


@action_class
class Connect(Action):
    """``connect F2:E4[:G3]`` or ``connect r5``: a Mermaids town across a river."""

    hexes: tuple[str, ...] = ()
    river: str | None = None

    def notation(self) -> str:
        if self.river is not None:
            return f"connect {self.river}"
        return "connect " + ":".join(self.hexes)


@action_class
class PickColor(Action):
    """``pick-color red``."""

    terrain: Terrain

    def notation(self) -> str:
        return f"pick-color {self.terrain.value}"


@action_class
class UnlockTerrain(Action):
    """``unlock-terrain blue`` or ``unlock-terrain gain-priest`` (Riverwalkers)."""

    target: Terrain | str

    def notation(self) -> str:
        return f"unlock-terrain {self.target}"


@action_class
class Wait(Action):
    """``wait``: wait for others' decisions."""

    def notation(self) -> str:
        return "wait"


@action_class
class Done(Action):
    """``done``: end the turn explicitly."""

    def notation(self) -> str:
        return "done"


@action_class
class Resign(Action):
    """``resign``: the player leaves the game (same as dropping the faction)."""

    def notation(self) -> str:
        return "resign"


@action_class
class DropFaction(Action):
    """``drop-faction nomads`` / ``drop-faction player3``."""

    target: Faction | None = None
    player_index: int | None = None

    def notation(self) -> str:
        if self.target is not None:
            return f"drop-faction {self.target.value}"
        return f"drop-faction player{self.player_index}"


@action_class
class Delete(Action):
    """``delete BON3``: remove a tile from the pool (or from a faction)."""

    tile: str

    def notation(self) -> str:
        return f"delete {self.tile}"


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
