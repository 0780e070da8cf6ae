"""``@lean.dataclass`` and ``lean.NamedTuple``: record classes that compile nothing at import.

``dataclasses.dataclass`` writes the source of each method it generates
(``__init__``, ``__repr__``, ``__eq__``, the frozen ``__setattr__`` …) and
compiles it with ``exec``, class by class: some 0.3–0.5 ms a class, and the
engine and the parser define a hundred record classes, all imported by
every one-log command. Here the dataclass machinery only records the fields
(so ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work
as before) and the methods are generic ones, written once below, that do
what the generated ones do (``tests/test_lean.py`` compares them).

Supported: ``frozen``, ``kw_only``, ``slots`` (not with ``frozen``), ``eq``,
``repr``, field defaults and default factories, ``field(repr=False,
compare=False)``. Not: ``__post_init__``, ``InitVar``, ``KW_ONLY``, ``order``.

``lean.NamedTuple`` is the same for ``typing.NamedTuple``: the class it makes
is what ``typing`` would make (a ``tuple`` subclass with the same fields,
methods and behaviour), but ``typing`` checks every annotation, which for an
annotation in a string (``from __future__ import annotations``) compiles it,
and ``collections.namedtuple`` compiles a ``__new__`` for each class: some
0.2 ms a class. Not supported: generic named tuples and the functional form.
"""

from __future__ import annotations

import collections
import dataclasses
import reprlib
import sys
from collections.abc import Callable, Iterable
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    # For type checkers lean.NamedTuple is typing's, which they understand.
    from typing import NamedTuple as NamedTuple
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
    slots: bool = ...,
    eq: bool = ...,
    repr: bool = ...,
    compiled_init: bool = ...,
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
    slots: bool = False,
    eq: bool = True,
    repr: bool = True,
    compiled_init: bool = False,
) -> Any:
    """As ``dataclasses.dataclass`` with the same arguments, without compiling anything.

    ``compiled_init``: but for ``__init__`` (and, if frozen, ``__setattr__`` and
    ``__delattr__``), as dataclasses writes them, for a class made hundreds of
    times a game, where the generated ``__init__`` is two to three times faster
    than the generic one.
    """

    def wrap(cls: _T) -> _T:
        return _make(
            cls,
            frozen=frozen,
            kw_only=kw_only,
            slots=slots,
            eq=eq,
            repr=repr,
            compiled_init=compiled_init,
        )

    return wrap if cls is None else wrap(cls)


def _make(
    cls: _T, *, frozen: bool, kw_only: bool, slots: bool, eq: bool, repr: bool, compiled_init: bool
) -> _T:
    if frozen and slots and not compiled_init:
        raise TypeError("lean.dataclass: frozen with slots is not supported")
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
        init=compiled_init,
        repr=False,
        eq=False,
        frozen=frozen and compiled_init,
        kw_only=kw_only,
        slots=slots,
    )
    fields = dataclasses.fields(made)
    if not documented:
        made.__doc__ = f"{made.__name__}({', '.join(f.name for f in fields)})"
    if any(f.kw_only != kw_only and f.kw_only is not dataclasses.MISSING for f in fields):
        raise TypeError("lean.dataclass: fields of mixed kw_only are not supported")
    if not compiled_init:
        made.__init__ = _init(made, fields, kw_only=kw_only, slots=slots)
    if repr and "__repr__" not in own:
        made.__repr__ = _repr([f.name for f in fields if f.repr])
    compared = [f.name for f in fields if f.compare]
    if eq and "__eq__" not in own:
        made.__eq__ = _eq(_getter(compared))
    if eq and not explicit_hash:
        made.__hash__ = _hash(_getter(compared)) if frozen else None
    if frozen and not compiled_init:
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
    cls: type, fields: tuple[dataclasses.Field[Any], ...], *, kw_only: bool, slots: bool
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
    member_setters = [(n, getattr(cls, n).__set__) for n in names] if slots else []

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
        if slots:
            for name, set_member in member_setters:
                set_member(self, values[name])
        else:
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


# ------------------------------------------------------------ NamedTuple


def _property(index: int, doc: str) -> Any:
    return property(itemgetter(index), doc=doc)


_tuplegetter: Callable[[int, str], Any] = getattr(collections, "_tuplegetter", _property)
"""What collections.namedtuple makes its fields of: a C descriptor where there is one."""


_tuple_new = tuple.__new__

_PROHIBITED = frozenset(
    (
        "__new__",
        "__init__",
        "__slots__",
        "__getnewargs__",
        "_fields",
        "_field_defaults",
        "_make",
        "_replace",
        "_asdict",
        "_source",
    )
)
"""Names a class body may not define (as ``typing.NamedTuple`` refuses them)."""
_SPECIAL = frozenset(("__module__", "__name__", "__annotations__"))
"""Names of a class body that the class does not take over as they are."""


def _named_tuple(typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> type:
    """The class ``class typename(lean.NamedTuple): ns`` makes (as ``typing.NamedTuple``)."""
    if len(bases) != 1 or type(bases[0]) is not _NamedTupleMeta:
        raise TypeError("lean.NamedTuple: can only inherit from lean.NamedTuple")
    annotations: dict[str, Any] = ns.get("__annotations__", {})
    names = tuple(sys.intern(str(n)) for n in annotations)
    defaults: dict[str, Any] = {}
    for name in names:
        if name in ns:
            defaults[name] = ns[name]
        elif defaults:
            listed = ", ".join(defaults)
            raise TypeError(
                f"Non-default namedtuple field {name} cannot follow default field"
                f"{'s' if len(defaults) > 1 else ''} {listed}"
            )
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
    owner: list[type] = []
    arguments = repr(names).replace("'", "")[1:-1]  # as namedtuple writes them: "a," for one
    body: dict[str, Any] = {
        "__doc__": f"{typename}({arguments})",
        "__slots__": (),
        "_fields": names,
        "_field_defaults": defaults,
        "__new__": _new(typename, names, defaults, owner),
        "_make": classmethod(_make_from),
        "_replace": _replace,
        "__repr__": _tuple_repr,
        "_asdict": _asdict,
        "__getnewargs__": _getnewargs,
        "__match_args__": names,
        "__module__": ns["__module__"],
    }
    for index, name in enumerate(names):
        body[name] = _tuplegetter(index, f"Alias for field number {index}")
    made = type(typename, (tuple,), body)
    owner.append(made)
    made.__annotations__ = annotations
    for key, value in ns.items():
        if key in _PROHIBITED:
            raise AttributeError("Cannot overwrite NamedTuple attribute " + key)
        if key not in _SPECIAL and key not in defaults:
            setattr(made, key, value)
    return made


def _new(
    typename: str, names: tuple[str, ...], defaults: dict[str, Any], owner: list[type]
) -> Callable[..., tuple[Any, ...]]:
    """A named tuple's first ``__new__`` (``owner``: the class, once made)."""
    count = len(names)

    def __new__(cls: type[Any], *args: Any, **given: Any) -> tuple[Any, ...]:
        # Every field by position (the engine's events): one check.
        if len(args) == count and not given:
            return _tuple_new(cls, args)
        # Keywords or defaults: the __new__ namedtuple writes, which Python's
        # own argument handling makes several times faster than a generic one
        # could be; compiled on the first such call, for the class from then on.
        compiled = _compiled_new(typename, names, defaults)
        if owner:
            setattr(owner[0], "__new__", staticmethod(compiled))  # noqa: B010
        return compiled(cls, *args, **given)

    __new__.__qualname__ = f"{typename}.__new__"
    return __new__


def _compiled_new(
    typename: str, names: tuple[str, ...], defaults: dict[str, Any]
) -> Callable[..., tuple[Any, ...]]:
    """The ``__new__`` that ``collections.namedtuple`` makes, made as it makes it."""
    arguments = ", ".join(names) + ("," if len(names) == 1 else "")
    namespace = {"_tuple_new": _tuple_new, "__builtins__": {}, "__name__": f"namedtuple_{typename}"}
    made: Any = eval(f"lambda _cls, {arguments}: _tuple_new(_cls, ({arguments}))", namespace)
    made.__name__ = "__new__"
    made.__qualname__ = f"{typename}.__new__"
    made.__doc__ = f"Create new instance of {typename}({arguments})"
    if defaults:
        made.__defaults__ = tuple(defaults.values())
    return made  # type: ignore[no-any-return]


def _make_from(cls: type[Any], iterable: Iterable[Any]) -> Any:
    made = _tuple_new(cls, iterable)
    if len(made) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(made)}")
    return made


def _replace(self: Any, /, **changes: Any) -> Any:
    made = self._make(map(changes.pop, self._fields, self))
    if changes:
        raise ValueError(f"Got unexpected field names: {list(changes)!r}")
    return made


def _tuple_repr(self: Any) -> str:
    shown = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self, strict=True))
    return f"{self.__class__.__name__}({shown})"


def _asdict(self: Any) -> dict[str, Any]:
    return dict(zip(self._fields, self, strict=True))


def _getnewargs(self: Any) -> tuple[Any, ...]:
    return tuple(self)


class _NamedTupleMeta(type):
    def __new__(mcs, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        return _named_tuple(typename, bases, ns)


if not TYPE_CHECKING:
    # A class whose subclasses its metaclass makes as named tuples, as typing's
    # NamedTuple (the class made is a plain tuple subclass, not of this one).
    NamedTuple = type.__new__(_NamedTupleMeta, "NamedTuple", (), {"__module__": __name__})
