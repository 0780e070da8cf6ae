"""The ``tmlog`` package has no import cycles, counting imports inside functions too.

A cycle that a late ``from … import`` inside a function hides still ties the
modules together: neither can be understood, tested or moved without the
other. Every ``import`` statement of every module, at any depth, is read with
:mod:`ast`; ``from X import Y`` counts as importing ``X.Y`` when ``Y`` is a
submodule, else as importing ``X``. Imports under ``if TYPE_CHECKING:`` are
left out: they never run, so a type named in an annotation can come from a
module that imports this one.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

PACKAGE = "tmlog"

KNOWN_CYCLES: set[frozenset[str]] = set()
"""Cycles tolerated for now (none)."""

LONG_MODULE = 600
"""Lines: no module of the package is longer."""


def _modules() -> dict[str, Path]:
    root = Path(import_module(PACKAGE).__file__ or "").parent
    out: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _package_of(module: str, path: Path) -> str:
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _imports(module: str, path: Path, known: set[str]) -> set[str]:
    """The ``tmlog`` modules ``module`` imports anywhere in its body."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(module, path)
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return {name for name in found if name in known and name != module}


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node except those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [set(c) for c in components]


def _a_cycle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A concrete cycle through a strongly connected component, for the message."""
    start = min(component)
    path = [start]
    seen = {start}
    node = start
    while True:
        nxt = min(graph[node] & component)
        if nxt in seen:
            return [*path[path.index(nxt) :], nxt]
        path.append(nxt)
        seen.add(nxt)
        node = nxt


def test_the_graph_sees_late_and_submodule_imports() -> None:
    graph = _graph()
    replayer = "tmlog.games.terra_mystica.replay.replayer"
    assert "tmlog.games.terra_mystica.replay.events" in graph[replayer]
    # "from tmlog.games.terra_mystica.replay import commands": the submodule, not the package.
    assert "tmlog.games.terra_mystica.replay" not in graph[replayer]
    toy = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _components(toy) == [{"a", "b", "c"}]
    assert _a_cycle(toy, {"a", "b", "c"}) == ["a", "b", "c", "a"]


def test_no_import_cycles() -> None:
    graph = _graph()
    unknown = [c for c in _components(graph) if frozenset(c) not in KNOWN_CYCLES]
    assert not unknown, "import cycles:\n" + "\n".join(
        " -> ".join(_a_cycle(graph, c)) + f"\n  (modules tied together: {sorted(c)})"
        for c in unknown
    )


def test_no_module_over_the_limit() -> None:
    lengths = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in _modules().items()
    }
    assert lengths
    long = {name: n for name, n in lengths.items() if n > LONG_MODULE}
    assert not long, long


def test_no_string_in_the_package_holds_a_lone_surrogate() -> None:
    # Python 3.13.0 cleans docstrings at compile time through UTF-8 and stops with a
    # UnicodeEncodeError on a lone surrogate (a docstring that wrote "\udce9" for
    # "\\udce9" made `import tmlog.reading` fail there); no tmlog string needs one.
    found = []
    for module, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if any("\ud800" <= c <= "\udfff" for c in node.value):
                    found.append(f"{module}:{node.lineno}")
    assert found == []
