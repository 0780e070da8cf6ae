"""Every capability a game declares is an implementation of its key's protocol.

mypy checks each implementation where the game adds it; this checks what the
games hand out at run time (their declarations are resolved on first use), the
same way for a game mypy never saw: each member of the protocol is there, a
method with the protocol's parameters (commands pass them by name).
"""

from __future__ import annotations

import inspect
import typing
from typing import Any

import pytest

from tmlog.games import GAMES, Capability
from tmlog.games import capabilities as keys


def _keys() -> dict[str, tuple[Capability[Any], type]]:
    """Each key of :mod:`tmlog.games.capabilities` with its protocol (``Capability[P]``)."""
    hints = typing.get_type_hints(keys)
    return {
        name: (getattr(keys, name), typing.get_args(hint)[0])
        for name, hint in hints.items()
        if typing.get_origin(hint) is Capability
    }


def _members(protocol: type) -> dict[str, Any]:
    """The protocol's own members (methods, properties, attributes), by name."""
    found: dict[str, Any] = {}
    for cls in reversed(protocol.__mro__):
        if cls in (object, typing.Protocol, typing.Generic):
            continue
        found.update({n: None for n in getattr(cls, "__annotations__", {})})
        found.update({n: v for n, v in vars(cls).items() if not n.startswith("_")})
    return found


def _parameters(function: Any) -> list[str]:
    return [p for p in inspect.signature(function).parameters if p != "self"]


def test_the_keys_are_found() -> None:
    assert sorted(_keys()) == [
        "AUDIT",
        "CONVERT",
        "DRAWING",
        "EXPORT",
        "GROUPINGS",
        "LEECH",
        "RATING",
        "STATE",
        "VP_SOURCES",
        "WATCH",
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_declared_capability_satisfies_its_protocol(game: str) -> None:
    declared = GAMES[game].capabilities
    assert declared.names(), "each real game declares some"
    for name, (key, protocol) in _keys().items():
        implementation = key.of(GAMES[game])
        assert (implementation is not None) == (key in declared), name
        if implementation is None:
            continue
        for member, value in _members(protocol).items():
            assert hasattr(implementation, member), f"{game} {name}: no {member}"
            if inspect.isfunction(value):
                found = getattr(implementation, member)
                assert callable(found), f"{game} {name}: {member} is not a method"
                assert _parameters(found) == _parameters(value), f"{game} {name}: {member}"


def test_a_game_without_a_capability_is_refused_by_name() -> None:
    from tmlog.errors import Unsupported

    with pytest.raises(Unsupported, match="audit"):
        keys.AUDIT.need(GAMES["root"], "audit", "x.rootlog")
