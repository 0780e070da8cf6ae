"""Actions' ``==``, ``hash`` and ``repr``, made by ``tmlog.lean.dataclass``, are the generated ones.

For every action of every log under ``tests/data``, a twin is made from a plain
``@dataclass(frozen=True, kw_only=True)`` with the same fields: the twins must
print, hash and compare as the actions do.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tests.conftest import DATA
from tmlog.games.terra_mystica.model.action import Action
from tmlog.games.terra_mystica.parse import parse_file

_TWINS: dict[type, Any] = {}


def twin(action: Action) -> Any:
    cls = type(action)
    ref = _TWINS.get(cls)
    if ref is None:
        specs = [
            (f.name, Any, dataclasses.field(compare=f.compare, repr=f.repr))
            for f in dataclasses.fields(cls)
        ]
        ref = dataclasses.make_dataclass(cls.__qualname__, specs, frozen=True, kw_only=True)
        _TWINS[cls] = ref
    return ref(**{f.name: getattr(action, f.name) for f in dataclasses.fields(action)})


def test_actions_print_hash_and_compare_as_generated_dataclasses() -> None:
    actions: list[Action] = []
    for path in sorted(p for p in DATA.rglob("*") if p.suffix in (".txt", ".log")):
        try:
            actions += parse_file(str(path)).actions
        except Exception:
            continue
    assert len(actions) > 10_000
    by_class: dict[type, list[Action]] = {}
    for action in actions:
        assert repr(action) == repr(twin(action))
        assert hash(action) == hash(twin(action))
        by_class.setdefault(type(action), []).append(action)
    assert len(by_class) > 25
    for group in by_class.values():
        sample = group[:: max(1, len(group) // 40)]
        for a in sample:
            for b in sample[:10]:
                assert (a == b) == (twin(a) == twin(b))
                assert (a != b) == (twin(a) != twin(b))
    some = actions[0]
    assert (some == "text") is False and some.__eq__("text") is NotImplemented
