"""``lean.NamedTuple`` behaves as ``typing.NamedTuple``.

Each class is declared twice, with either base; the twins must build, print,
compare, hash, copy, pickle and refuse alike.
"""

from __future__ import annotations

import copy
import pickle
import typing
from typing import Any, NamedTuple

import pytest

from tmlog import lean


class StdEvent(NamedTuple):
    """Something happened."""

    round: int
    line: int
    faction: str | None
    source: str = "initial"
    note: str | None = None

    def where(self) -> str:
        return f"{self.round}:{self.line}"


class LeanEvent(lean.NamedTuple):
    """Something happened."""

    round: int
    line: int
    faction: str | None
    source: str = "initial"
    note: str | None = None

    def where(self) -> str:
        return f"{self.round}:{self.line}"


class StdBare(NamedTuple):
    a: int
    b: tuple[int, ...]


class LeanBare(lean.NamedTuple):
    a: int
    b: tuple[int, ...]


class StdOne(NamedTuple):
    only: str = "x"


class LeanOne(lean.NamedTuple):
    only: str = "x"


PAIRS = [(StdEvent, LeanEvent), (StdBare, LeanBare), (StdOne, LeanOne)]

CALLS: list[tuple[int, tuple[Any, ...], dict[str, Any]]] = [
    (0, (1, 2, "witches"), {}),
    (0, (1, 2, "witches", "town", "x"), {}),
    (0, (1,), {"line": 2, "faction": None}),
    (0, (), {"round": 1, "line": 2, "faction": "a", "note": "n"}),
    (1, (1, (2,)), {}),
    (1, (), {"b": (), "a": 0}),
    (2, (), {}),
    (2, ("y",), {}),
    (2, (), {"only": "z"}),
]

BAD_CALLS: list[tuple[int, tuple[Any, ...], dict[str, Any]]] = [
    (0, (), {}),
    (0, (1, 2), {}),
    (0, (1, 2, 3, 4, 5, 6), {}),
    (0, (1, 2, "a"), {"round": 1}),
    (0, (1, 2, "a"), {"colour": 1}),
    (1, (1,), {}),
    (1, (), {"a": 1, "c": 2}),
    (2, (), {"other": "z"}),
]


def both(index: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, Any]:
    std, lean_ = PAIRS[index]
    return std(*args, **kwargs), lean_(*args, **kwargs)


@pytest.mark.parametrize(("index", "args", "kwargs"), CALLS)
def test_twins_behave_alike(index: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    std, lean_ = both(index, args, kwargs)
    assert repr(std).replace("Std", "") == repr(lean_).replace("Lean", "")
    assert tuple(std) == tuple(lean_) and std == lean_ and hash(std) == hash(lean_)
    assert std._asdict() == lean_._asdict()
    assert isinstance(lean_, tuple) and type(lean_).__bases__ == (tuple,)
    for name in type(std)._fields:
        assert getattr(std, name) == getattr(lean_, name)
        assert std._replace(**{name: 7}) == lean_._replace(**{name: 7})
    assert type(lean_)._make(list(lean_)) == lean_
    assert copy.deepcopy(lean_) == lean_ and copy.copy(lean_) == lean_
    assert std[1:] == lean_[1:] and len(std) == len(lean_)


def test_pickled_twin_comes_back_as_its_class() -> None:
    event = LeanEvent(1, 2, "witches", note="n")
    back = pickle.loads(pickle.dumps(event))
    assert type(back) is LeanEvent and back == event


@pytest.mark.parametrize(("index", "args", "kwargs"), BAD_CALLS)
def test_twins_refuse_alike(index: int, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    messages = []
    for cls in PAIRS[index]:
        with pytest.raises(TypeError) as refused:
            cls(*args, **kwargs)
        messages.append(str(refused.value))
    assert messages[0].replace("Std", "") == messages[1].replace("Lean", "")
    for cls in PAIRS[0]:
        with pytest.raises(ValueError, match="unexpected field names: \\['colour'\\]"):
            cls(1, 2, "a")._replace(colour=1)
        with pytest.raises(TypeError, match="Expected 5 arguments, got 2"):
            cls._make([1, 2])


@pytest.mark.parametrize(("std", "lean_"), PAIRS)
def test_twin_classes_describe_themselves_alike(std: type[Any], lean_: type[Any]) -> None:
    for attribute in ("_fields", "_field_defaults", "__match_args__", "__slots__"):
        assert getattr(std, attribute) == getattr(lean_, attribute)
    assert list(std.__annotations__) == list(lean_.__annotations__)
    assert typing.get_type_hints(std) == typing.get_type_hints(lean_)
    assert std.__doc__.replace("Std", "") == lean_.__doc__.replace("Lean", "")
    assert lean_.__module__ == __name__ and lean_.__qualname__ == lean_.__name__
    assert [getattr(std, f).__doc__ for f in std._fields] == [
        getattr(lean_, f).__doc__ for f in lean_._fields
    ]


def test_methods_of_the_body_are_kept_and_match_finds_fields() -> None:
    event = LeanEvent(3, 40, None)
    assert event.where() == "3:40"
    match event:
        case LeanEvent(3, line, source="initial"):
            assert line == 40
        case _:
            pytest.fail("no match")


def test_declarations_typing_refuses_are_refused() -> None:
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow"):

        class Late(lean.NamedTuple):
            a: int = 0
            b: int

    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _make"):

        class Own(lean.NamedTuple):
            a: int

            def _make(self) -> None: ...

    with pytest.raises(ValueError, match="cannot start with an underscore"):

        class Hidden(lean.NamedTuple):
            _a: int


def test_a_call_with_keywords_gives_the_class_namedtuples_own_constructor() -> None:
    class Late(lean.NamedTuple):
        a: int
        b: int = 2

    first = Late.__new__
    assert Late(1, 3) == (1, 3) and Late.__new__ is first  # by position: as made
    assert Late(a=1) == (1, 2) and Late.__new__ is not first
    assert Late(1) == (1, 2) and Late(b=0, a=1) == (1, 0) and Late(1, 3) == (1, 3)
    assert Late.__new__.__defaults__ == (2,)
