"""The game's names as a log writes them, to the model's values: one lookup for
the Lark transformer and the regular-expression fast path, so the two readers
cannot disagree on what a word means."""

from __future__ import annotations

from typing import cast

from tmlog.games.terra_mystica.model.actions import Amount
from tmlog.games.terra_mystica.model.enums import (
    ActionSpace,
    Cult,
    Faction,
    IncomeKind,
    Pseudo,
    Resource,
    Tile,
)


def _amount_table() -> dict[str, Amount]:
    table: dict[str, Amount] = {}
    for enum in (Pseudo, Tile, Cult, Resource):
        for member in enum:
            table[member.value.lower()] = member
    for alias, target in Resource._aliases().items():
        table[alias.lower()] = Resource[target]
    return table


AMOUNTS = _amount_table()
"""What ``+2PW``, ``-1p`` or ``convert W to C`` counts, by its lower-cased name."""


def words(text: str) -> str:
    """The text with runs of blanks collapsed, as the engine does."""
    return " ".join(text.split())


def faction(text: str | None) -> Faction | None:
    return None if text is None else cast(Faction, Faction.parse(text))


def space(name: str) -> ActionSpace | Tile:
    """An action space (``ACT3``) or the tile whose action it is (``BON1``, ``FAV6``)."""
    name = name.upper()
    if name.startswith(("BON", "FAV")):
        return Tile(name)
    return ActionSpace(name)


def income_kind(word: str) -> IncomeKind | None:
    """``cult_income_for_faction`` → the cult income (None: ``income_for_faction``)."""
    name = word.lower().partition("income_for_faction")[0].rstrip("_")
    return cast(IncomeKind, IncomeKind.parse(name)) if name else None
