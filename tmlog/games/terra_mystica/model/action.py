"""The base of every action: faction, position, notation, JSON fields."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import field
from typing import Any, ClassVar, TypeVar, dataclass_transform

from tmlog import lean
from tmlog.games.terra_mystica.model.enums import (
    Cult,
    Faction,
    Pseudo,
    Resource,
    Tile,
)

Amount = Resource | Cult | Tile | Pseudo
"""What a ``+N X`` adjustment or a conversion can name."""


_A = TypeVar("_A", bound=type)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def action_class(cls: _A) -> _A:
    """``@dataclass(frozen=True, kw_only=True)`` made by :func:`tmlog.lean.dataclass`,
    which compiles nothing per class: some fifty action classes are imported by
    every command that reads a Terra Mystica log."""
    return lean.dataclass(frozen=True, kw_only=True)(cls)


@action_class
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
