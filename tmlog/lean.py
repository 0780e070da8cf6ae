"""``@lean.dataclass``: record classes that compile nothing at import.

``dataclasses.dataclass`` writes the source of each method it generates
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, the frozen
``__setattr__`` and ``__delattr__``) and compiles each with ``exec``, class
by class (Python 3.11): nearly 4 M instructions a frozen class, and every
one-log command imports a dozen of them (the tile and faction specs,
``GameState``, the parsed log, :mod:`tmlog.records`). Here the dataclass
machinery only records the fields (so ``dataclasses.fields``, ``replace``,
``asdict`` and ``is_dataclass`` work as before) and the methods are generic
ones, written once below, that do what the generated ones do
(``tests/test_lean.py`` compares them).

Kept as the one speed twin of the standard library because it pays: with
``dataclasses.dataclass`` instead, ``tmlog validate ONE.txt`` runs 12.6%
more instructions as a whole process (callgrind, 365.1 -> 411.0 M; ``tmlog
--help`` pays for the four classes of :mod:`tmlog.records`). Use it for
classes a one-log command imports (the Terra Mystica action classes, made by
the thousand, construct no slower); anything else can be a plain
``dataclasses.dataclass``.

Supported: ``frozen``, ``kw_only``, field defaults and default factories,
``field(repr=False, compare=False)``: what tmlog's classes use. Not:
``__post_init__``, ``InitVar``, ``KW_ONLY``, ``order``, ``slots``, ``eq=False``,
``repr=False``.
"""

from __future__ import annotations

import dataclasses
import reprlib
from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from typing import dataclass_transform
else:  # typing has it from Python 3.11; at run time it only marks the decorator

    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


_T = TypeVar("_T", bound=type)


@overload
def dataclass(
    cls: None = None,
    /,
    *,
    frozen: bool = ...,
    kw_only: bool = ...,
) -> Callable[[_T], _T]: ...


@overload
def dataclass(cls: _T, /) -> _T: ...


@dataclass_transform(field_specifiers=(dataclasses.field,))
def dataclass(
    cls: _T | None = None,
    /,
    *,
    frozen: bool = False,
    kw_only: bool = False,
) -> Any:
    """As ``dataclasses.dataclass`` with the same arguments, without compiling anything."""

    def wrap(cls: _T) -> _T:
        return _make(cls, frozen=frozen, kw_only=kw_only)

    return wrap if cls is None else wrap(cls)


def _make(cls: _T, *, frozen: bool, kw_only: bool) -> _T:
    if "__post_init__" in cls.__dict__:
        raise TypeError("lean.dataclass: __post_init__ is not supported")
    own = cls.__dict__
    # A class without a docstring gets one from dataclasses through
    # inspect.signature, which only the first such class would import inspect
    # for (some 8 ms): the fields will do.
    documented = bool(own.get("__doc__"))
    if not documented:
        cls.__doc__ = cls.__name__
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    made: Any = dataclasses.dataclass(
        cls,
        init=False,
        repr=False,
        eq=False,
        frozen=False,
        kw_only=kw_only,
    )
    fields = dataclasses.fields(made)
    if not documented:
        made.__doc__ = f"{made.__name__}({', '.join(f.name for f in fields)})"
    if any(f.kw_only != kw_only and f.kw_only is not dataclasses.MISSING for f in fields):
        raise TypeError("lean.dataclass: fields of mixed kw_only are not supported")
    made.__init__ = _init(made, fields, kw_only=kw_only)
    if "__repr__" not in own:
        made.__repr__ = _repr([f.name for f in fields if f.repr])
    compared = [f.name for f in fields if f.compare]
    if "__eq__" not in own:
        made.__eq__ = _eq(_getter(compared))
    if not explicit_hash:
        made.__hash__ = _hash(_getter(compared)) if frozen else None
    if frozen:
        names = frozenset(f.name for f in fields)
        made.__setattr__, made.__delattr__ = _frozen(made, names)
    return made  # type: ignore[no-any-return]


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of an instance's values of ``names`` (what ``==`` and ``hash`` compare)."""
    if len(names) > 1:
        return attrgetter(*names)

    def get(obj: Any, names: tuple[str, ...] = tuple(names)) -> tuple[Any, ...]:
        return tuple(getattr(obj, n) for n in names)

    return get


def _init(
    cls: type, fields: tuple[dataclasses.Field[Any], ...], *, kw_only: bool
) -> Callable[..., None]:
    names = tuple(f.name for f in fields)
    all_names = frozenset(names)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    factories = [
        (f.name, f.default_factory) for f in fields if f.default_factory is not dataclasses.MISSING
    ]
    positional = 0 if kw_only else len(names)
    qualname = f"{cls.__qualname__}.__init__()"
    setattr_ = object.__setattr__

    def bad(args: tuple[Any, ...], given: dict[str, Any]) -> TypeError:
        if len(args) > positional:
            return TypeError(
                f"{qualname} takes {positional + 1} positional arguments"
                f" but {len(args) + 1} were given"
            )
        for name, _ in zip(names, args, strict=False):
            if name in given:
                return TypeError(f"{qualname} got multiple values for argument {name!r}")
        for name in given:
            if name not in all_names:
                return TypeError(f"{qualname} got an unexpected keyword argument {name!r}")
        missing = [n for n in names[len(args) :] if n not in given and n not in defaults]
        missing = [n for n in missing if n not in dict(factories)]
        listed = ", ".join(repr(n) for n in missing)
        return TypeError(f"{qualname} missing required argument(s): {listed}")

    count = len(names)

    def __init__(self: Any, *args: Any, **given: Any) -> None:
        # Positional only (a row of a log) or keywords only (a record): one check each.
        if not given:
            if len(args) > positional:
                raise bad(args, given)
            values = defaults.copy()
            values.update(zip(names, args, strict=False))
        elif not args:
            values = {**defaults, **given}
        else:
            if len(args) > positional or any(n in given for n in names[: len(args)]):
                raise bad(args, given)
            values = {**defaults, **dict(zip(names, args, strict=False)), **given}
        for name, factory in factories:
            if name not in values:
                values[name] = factory()
        if len(values) != count or (given and values.keys() != all_names):
            raise bad(args, given)
        setattr_(self, "__dict__", values)

    __init__.__qualname__ = qualname[:-2]
    return __init__


def _repr(names: list[str]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(compared: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], bool]:
    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(compared(self) == compared(other))
        return NotImplemented

    return __eq__


def _hash(compared: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(compared(self))

    return __hash__


def _frozen(
    cls: type[Any], names: frozenset[str]
) -> tuple[Callable[[Any, str, Any], None], Callable[[Any, str], None]]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__
