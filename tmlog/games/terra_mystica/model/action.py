"""The base of every action: faction, position, notation, JSON fields."""

from __future__ import annotations

import dataclasses
import re
import reprlib
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, ClassVar

from tmlog.games.terra_mystica.model.enums import (
    Cult,
    Faction,
    Pseudo,
    Resource,
    Tile,
)

Amount = Resource | Cult | Tile | Pseudo
"""What a ``+N X`` adjustment or a conversion can name."""


# Every action class is a frozen dataclass whose ``==``, ``hash`` and ``repr`` are
# Action's, written once below, doing exactly what the generated ones would
# (tests/test_action_methods.py): a dataclass compiles each generated method on
# its own, and with some fifty action classes that was a good part of every
# command's start-up.
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Action:
    """Base of all actions."""

    faction: Faction | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    generated: ClassVar[bool] = False
    """True for rows the reference engine writes itself (income, effects, …)."""

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            compared = _compared(self.__class__)
            return bool(compared(self) == compared(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_compared(self.__class__)(self))

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        shown = ", ".join(
            f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self) if f.repr
        )
        return f"{self.__class__.__qualname__}({shown})"

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


_COMPARED: dict[type, Callable[[Any], tuple[Any, ...]]] = {}


def _compared(cls: type) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of an action's compared fields, in order (what ``==`` and ``hash`` read)."""
    get = _COMPARED.get(cls)
    if get is None:
        names = [f.name for f in dataclasses.fields(cls) if f.compare]
        if len(names) > 1:
            get = attrgetter(*names)
        else:  # attrgetter of one name gives the value, not a tuple

            def get(action: Any, names: tuple[str, ...] = tuple(names)) -> tuple[Any, ...]:
                return tuple(getattr(action, n) for n in names)

        _COMPARED[cls] = get
    return get


_KIND_CACHE: dict[type, str] = {}


def _kind_of(cls: type) -> str:
    kind = _KIND_CACHE.get(cls)
    if kind is None:
        kind = re.sub(r"(?<!^)(?=[A-Z])", "-", cls.__name__).lower()
        _KIND_CACHE[cls] = kind
    return kind


def _count(n: int | None) -> str:
    return "" if n is None else str(n)
