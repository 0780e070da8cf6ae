"""The base of every action: faction, position, notation, JSON fields."""

from __future__ import annotations

import dataclasses
import re
import reprlib
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from tmlog.games.terra_mystica.model.enums import (
    Cult,
    Faction,
    Pseudo,
    Resource,
    Tile,
)

Amount = Resource | Cult | Tile | Pseudo
"""What a ``+N X`` adjustment or a conversion can name."""


if TYPE_CHECKING:
    from typing import dataclass_transform
else:  # typing has it from Python 3.11; at run time it only marks the decorator

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


_A = TypeVar("_A", bound=type)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def action_class(cls: _A) -> _A:
    """Make ``cls`` a dataclass that behaves as ``@dataclass(frozen=True, kw_only=True)``.

    A dataclass compiles each method it generates on its own (``exec``), and with
    some fifty action classes that was a good part of every command's start-up.
    So none is generated here: ``__init__``, the frozen ``__setattr__`` and
    ``__delattr__``, ``==``, ``hash`` and ``repr`` are Action's, written once,
    doing what the generated ones would (tests/test_action_methods.py); the
    dataclass machinery still records the fields (``dataclasses.fields``,
    ``replace``). The class keeps what its ``__init__`` needs: the defaults
    and the names of all fields.
    """
    # The class is processed as a non-frozen dataclass (the frozen one's
    # __setattr__ is compiled per class too) but reports itself frozen, as it
    # behaves, so that a frozen dataclass may subclass it (replay.turn_command.InTurn).
    # dataclasses refuses to derive a non-frozen class from a frozen one: all
    # action classes share one parameters record, non-frozen only while the next
    # one is processed.
    shared = getattr(cls, "__dataclass_params__", None)
    if shared is not None:
        shared.frozen = False
    try:
        dataclass(init=False, eq=False, repr=False, kw_only=True)(cls)
    finally:
        if shared is None:
            shared = cls.__dataclass_params__  # type: ignore[attr-defined]
        shared.frozen = True
    cls.__dataclass_params__ = shared  # type: ignore[attr-defined]
    fields = dataclasses.fields(cls)
    cls._defaults = {  # type: ignore[attr-defined]
        f.name: f.default for f in fields if f.default is not dataclasses.MISSING
    }
    cls._names = frozenset(f.name for f in fields)  # type: ignore[attr-defined]
    return cls


@action_class
class Action:
    """Base of all actions."""

    faction: Faction | None = None
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)

    generated: ClassVar[bool] = False
    """True for rows the reference engine writes itself (income, effects, …)."""

    _defaults: ClassVar[dict[str, Any]]
    _names: ClassVar[frozenset[str]]

    def __init__(self, **values: Any) -> None:
        # One dictionary for the instance, in the order: defaults, then given values.
        state = {**self._defaults, **values}
        if state.keys() != self._names:
            raise _bad_arguments(type(self), values)
        object.__setattr__(self, "__dict__", state)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

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


def _bad_arguments(cls: type[Action], values: dict[str, Any]) -> TypeError:
    """The ``TypeError`` a generated ``__init__`` would raise for these arguments."""
    name = f"{cls.__qualname__}.__init__()"
    unknown = [k for k in values if k not in cls._names]
    if unknown:
        return TypeError(f"{name} got an unexpected keyword argument {unknown[0]!r}")
    missing = [n for n in cls._names if n not in values and n not in cls._defaults]
    listed = ", ".join(repr(n) for n in sorted(missing))
    return TypeError(f"{name} missing required keyword-only argument(s): {listed}")


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
