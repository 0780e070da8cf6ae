"""Admin and setup commands, rows the engine writes itself, and ledger comments."""

from __future__ import annotations

from typing import ClassVar

from tmlog.games.terra_mystica.model.action import Action, action_class
from tmlog.games.terra_mystica.model.enums import (
    Faction,
    IncomeKind,
    Tile,
)

# ------------------------------------------------ rows the engine writes itself


@action_class
class FactionIncome(Action):
    """``cult_income_for_faction`` and friends: an income row."""

    income: IncomeKind | None = None
    generated: ClassVar[bool] = True

    def notation(self) -> str:
        if self.income is None:
            return "income_for_faction"
        return f"{self.income.value}_income_for_faction"


@action_class
class ScoreResources(Action):
    """``score_resources``: the end-of-game conversion of resources to VP."""

    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "score_resources"


@action_class
class LeechEffect(Action):
    """``[opponent accepted power]`` / ``[all opponents declined power]`` (Cultists)."""

    accepted: bool
    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "[opponent accepted power]" if self.accepted else "[all opponents declined power]"


@action_class
class StartPlanning(Action):
    """``start_planning``: the site's planner; not part of a played game."""

    generated: ClassVar[bool] = True

    def notation(self) -> str:
        return "start_planning"


# ------------------------------------------------------- admin / setup commands


@action_class
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


@action_class
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


@action_class
class PlayerCount(Action):
    """``player-count N``."""

    count: int

    def notation(self) -> str:
        return f"player-count {self.count}"


@action_class
class Order(Action):
    """``order u1,u2,…``: force the player order."""

    usernames: tuple[str, ...]

    def notation(self) -> str:
        return "order " + ",".join(self.usernames)


@action_class
class Randomize(Action):
    """``randomize v2 seed SEED``."""

    version: str
    seed: str

    def notation(self) -> str:
        return f"randomize {self.version} seed {self.seed}"


@action_class
class Score(Action):
    """``score SCORE1,…,SCORE6``: the six round-scoring tiles."""

    tiles: tuple[Tile, ...]

    def notation(self) -> str:
        return "score " + ",".join(t.value for t in self.tiles)


@action_class
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


@action_class
class SetOption(Action):
    """``option NAME``."""

    name: str

    @property
    def kind(self) -> str:
        return "option"

    def notation(self) -> str:
        return f"option {self.name}"


@action_class
class DropOption(Action):
    """``dropoption NAME``."""

    name: str

    def notation(self) -> str:
        return f"dropoption {self.name}"


@action_class
class SelectMap(Action):
    """``map ID`` (a SHA-1 of the terrain) or ``map original``."""

    map_id: str

    @property
    def kind(self) -> str:
        return "map"

    def notation(self) -> str:
        return f"map {self.map_id}"


@action_class
class FactionVariant(Action):
    """``faction-variant NAME``."""

    name: str

    def notation(self) -> str:
        return f"faction-variant {self.name}"


@action_class
class FinalScoring(Action):
    """``final-scoring NAME``: an extra final-scoring tile."""

    name: str

    def notation(self) -> str:
        return f"final-scoring {self.name}"


@action_class
class AdminIncome(Action):
    """``income``: legacy admin command, income for every faction."""

    @property
    def kind(self) -> str:
        return "income"

    def notation(self) -> str:
        return "income"


@action_class
class Start(Action):
    """``start``: legacy admin command, start the next round."""

    def notation(self) -> str:
        return "start"


@action_class
class Finish(Action):
    """``finish``: final scoring."""

    def notation(self) -> str:
        return "finish"


@action_class
class Abort(Action):
    """``abort``: kept by the reference engine for compatibility; does nothing."""

    def notation(self) -> str:
        return "abort"


@action_class
class StartPreview(Action):
    """``start-preview``."""

    def notation(self) -> str:
        return "start-preview"


@action_class
class AdminEmail(Action):
    """``admin email …``: kept for compatibility; does nothing."""

    address: str

    def notation(self) -> str:
        return f"admin email {self.address}"


@action_class
class Comment(Action):
    """``# text`` (``## text`` is a pragma: it leaves no comment row)."""

    text: str
    pragma: bool = False

    def notation(self) -> str:
        return ("##" if self.pragma else "#") + self.text

    def __str__(self) -> str:
        return self.notation()


@action_class
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


@action_class
class PlayerName(Action):
    """Ledger comment ``Player 2: name``: the seat order after randomising."""

    seat: int
    name: str

    def notation(self) -> str:
        return f"Player {self.seat}: {self.name}"

    def __str__(self) -> str:
        return self.notation()


@action_class
class Dropped(Action):
    """Ledger comment ``witches dropped from the game``."""

    target: Faction

    def notation(self) -> str:
        return f"{self.target.value} dropped from the game"

    def __str__(self) -> str:
        return self.notation()
