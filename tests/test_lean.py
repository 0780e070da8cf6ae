"""``lean.dataclass`` behaves as ``dataclasses.dataclass`` with the same arguments.

Each class is declared twice, with either decorator; the twins must build,
print, compare, hash, refuse and copy alike.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from tmlog import lean

Decorate = Callable[..., Any]


def declare(decorate: Decorate) -> dict[str, Any]:
    @decorate(frozen=True)
    class Point:
        x: int
        y: int = 0
        tags: list[str] = dataclasses.field(default_factory=list, compare=False)
        note: str = dataclasses.field(default="", repr=False)
        kind: ClassVar[str] = "point"

    @decorate(frozen=True)
    class Point3(Point):
        z: int = 0

    @decorate(frozen=True, kw_only=True)  # as the action classes
    class Offer:
        faction: str = ""
        amount: int
        tainted: str | None = None

    @decorate(frozen=True, kw_only=True)
    class Bigger(Offer):
        actual: int

    @decorate()
    class Bag:
        items: list[int] = dataclasses.field(default_factory=list)
        name: str = "bag"

    @decorate(frozen=True)
    class One:
        only: str

    return {c.__name__: c for c in (Point, Point3, Offer, Bigger, Bag, One)}


STD = declare(dataclasses.dataclass)
LEAN = declare(lean.dataclass)

CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("Point", (1,), {}),
    ("Point", (1, 2), {}),
    ("Point", (), {"x": 1, "y": 2, "tags": ["a"], "note": "n"}),
    ("Point", (1,), {"tags": ["b"]}),
    ("Point3", (1, 2), {"z": 3}),
    ("Point3", (1, 2, ["t"], "n", 3), {}),
    ("Offer", (), {"amount": 3}),
    ("Offer", (), {"amount": 3, "faction": "witches", "tainted": "x"}),
    ("Bigger", (), {"amount": 3, "actual": 2}),
    ("Bag", (), {}),
    ("Bag", ([1, 2],), {"name": "b"}),
    ("One", ("a",), {}),
]

BAD_CALLS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("Point", (), {}),
    ("Point", (1, 2, [], "", 5), {}),
    ("Point", (1,), {"x": 2}),
    ("Point", (1,), {"w": 2}),
    ("Offer", (3,), {}),
    ("Offer", (), {}),
    ("Bigger", (), {"amount": 3}),
    ("One", (), {"only": "a", "other": 1}),
]


def both(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, Any]:
    return STD[name](*args, **kwargs), LEAN[name](*args, **kwargs)


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS)
def test_twins_print_compare_hash_and_copy_alike(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    std, lean_ = both(name, args, kwargs)
    assert repr(std) == repr(lean_)
    assert dataclasses.asdict(std) == dataclasses.asdict(lean_)
    assert [f.name for f in dataclasses.fields(std)] == [f.name for f in dataclasses.fields(lean_)]
    assert type(std).__match_args__ == type(lean_).__match_args__
    std2, lean2 = both(name, args, kwargs)
    assert (std == std2) == (lean_ == lean2)
    assert (std != std2) == (lean_ != lean2)
    assert (type(std).__hash__ is None) == (type(lean_).__hash__ is None)
    if type(std).__hash__ is not None:
        assert (hash(std) == hash(std2)) == (hash(lean_) == hash(lean2))
        assert hash(std) == hash(lean_)
    assert copy.deepcopy(lean_) == lean_
    for field in dataclasses.fields(std):
        value = getattr(lean_, field.name)
        assert getattr(std, field.name) == value
        changed = dataclasses.replace(lean_, **{field.name: value})
        assert changed == lean_
    assert (lean_ == "other") is False


@pytest.mark.parametrize(("name", "args", "kwargs"), CALLS)
def test_frozen_twins_refuse_changes_alike(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    std, lean_ = both(name, args, kwargs)
    first = dataclasses.fields(std)[0].name
    for obj in (std, lean_):
        frozen = type(obj).__name__ != "Bag"
        try:
            setattr(obj, first, 99)
        except dataclasses.FrozenInstanceError as exc:
            assert frozen and str(exc) == f"cannot assign to field {first!r}"
        else:
            assert not frozen and getattr(obj, first) == 99
        if frozen:
            with pytest.raises(dataclasses.FrozenInstanceError):
                delattr(obj, first)


@pytest.mark.parametrize(("name", "args", "kwargs"), BAD_CALLS)
def test_bad_arguments_are_refused_alike(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    for classes in (STD, LEAN):
        with pytest.raises(TypeError):
            classes[name](*args, **kwargs)


def test_default_factories_give_each_instance_its_own() -> None:
    a, b = LEAN["Bag"](), LEAN["Bag"]()
    a.items.append(1)
    assert b.items == []


def test_what_is_not_supported_is_refused() -> None:
    with pytest.raises(TypeError):

        @lean.dataclass
        class Post:
            x: int

            def __post_init__(self) -> None:
                pass
