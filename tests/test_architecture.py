"""The package's shape: no import circle, and the core knows no game.

Every ``import`` of every module in ``tmlog/`` is read with :mod:`ast`, at any
depth: at the top, inside functions, and under ``if TYPE_CHECKING:``. A
type-only import still ties two modules together: neither can be read,
checked or moved without the other, even though it never runs.

* ``import a.b.c`` imports ``a.b.c``; ``from a.b import c`` imports ``a.b.c``
  when ``c`` is a submodule, else ``a.b``; relative imports are resolved.
* A game is a sub-package of ``tmlog.games``. Only modules in its own folder
  may import it, or name it in a string (``import_module("tmlog.games.x.y")``,
  a lazy table of dotted names, an entry point ``"tmlog.games.x.y:GAME"``):
  a string is an import put off till run time. ``tmlog/games/__init__.py`` is
  the seam every module may import; it is no game's folder, so it may not
  name one either.

The sources are read from disk, not imported, so a broken module is reported
as such rather than hidden by an import error.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import pytest

PACKAGE = "tmlog"
PACKAGE_DIR = Path(__file__).resolve().parent.parent / PACKAGE
GAMES_PACKAGE = f"{PACKAGE}.games"


@dataclass(frozen=True)
class Source:
    """One module of the package: its dotted name, its file and its text."""

    name: str
    path: str
    """Relative to the repository's root, for the messages."""
    text: str
    is_package: bool

    @cached_property
    def tree(self) -> ast.Module:
        return ast.parse(self.text, self.path)

    def statements(self) -> list[ast.stmt]:
        """Every statement, at any depth. Imports are statements, and no expression
        holds one, so the expressions (most of the tree) are not walked."""
        out: list[ast.stmt] = []
        todo: list[ast.AST] = [self.tree]
        while todo:
            node = todo.pop()
            if isinstance(node, ast.stmt):
                out.append(node)
            for field in node._fields:
                value = getattr(node, field, None)
                if isinstance(value, list):
                    todo.extend(
                        child
                        for child in value
                        if isinstance(child, ast.stmt | ast.excepthandler | ast.match_case)
                    )
        return out


@dataclass(frozen=True, order=True)
class Import:
    """``module`` names ``target`` at ``path:line``, by an import or a string."""

    module: str
    path: str
    line: int
    target: str
    by_string: bool = False

    def where(self) -> str:
        how = "names in a string" if self.by_string else "imports"
        return f"{self.path}:{self.line}: {self.module} {how} {self.target}"


def sources(directory: Path = PACKAGE_DIR) -> list[Source]:
    out = []
    for path in sorted(directory.rglob("*.py")):
        parts = list(path.relative_to(directory.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        relative = path.relative_to(directory.parent).as_posix()
        out.append(Source(".".join(parts), relative, path.read_text("utf-8"), is_package))
    return out


def imports(source: Source, known: frozenset[str]) -> list[Import]:
    """The package's modules ``source`` imports, anywhere in its body."""
    found = []
    for node in source.statements():
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(source, node)
            # `from a.b import c`: the submodule a.b.c if there is one, else a.b itself.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        else:
            continue
        found.extend(
            Import(source.name, source.path, node.lineno, target)
            for target in dict.fromkeys(targets)
            if target in known and target != source.name
        )
    return found


def _absolute(source: Source, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = source.name if source.is_package else source.name.rpartition(".")[0]
    for _ in range(node.level - 1):
        base = base.rpartition(".")[0]
    return f"{base}.{node.module}" if node.module else base


def game_strings(source: Source, games: frozenset[str]) -> list[Import]:
    """The string constants of ``source`` that name another game's module (docstrings aside)."""
    own = game_of(source.name, games)
    if not any(game in source.text for game in games if game != own):
        return []  # the text names no other game at all, so no string of it does
    tree = source.tree
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and game_of(node.value.partition(":")[0], games) is not None
        ):
            found.append(Import(source.name, source.path, node.lineno, node.value, by_string=True))
    return found


def game_of(module: str, games: frozenset[str]) -> str | None:
    """The game package ``module`` lies in, if any."""
    for game in games:
        if module == game or module.startswith(game + "."):
            return game
    return None


def trespasses(edges: list[Import], games: frozenset[str]) -> list[Import]:
    """The edges by which a module reaches into a game that is not its own."""
    return sorted(
        edge
        for edge in edges
        if (game := game_of(edge.target, games)) is not None and game_of(edge.module, games) != game
    )


def a_cycle(edges: list[Import]) -> list[Import] | None:
    """One import circle, as the chain of imports that closes it, or None."""
    graph: dict[str, list[Import]] = {}
    for edge in sorted(edges):
        graph.setdefault(edge.module, []).append(edge)
    done: set[str] = set()
    # Depth first, without recursion: the chain of open modules is the path so far.
    for start in sorted(graph):
        if start in done:
            continue
        path: list[Import] = []
        on_path = {start: 0}
        todo = [iter(graph.get(start, ()))]
        while todo:
            edge = next(todo[-1], None)
            if edge is None:
                todo.pop()
                finished = path.pop().target if path else start
                done.add(finished)
                del on_path[finished]
                continue
            if edge.target in on_path:
                return [*path[on_path[edge.target] :], edge]
            if edge.target in done:
                continue
            path.append(edge)
            on_path[edge.target] = len(path)
            todo.append(iter(graph.get(edge.target, ())))
    return None


def describe(cycle: list[Import]) -> str:
    chain = " -> ".join([cycle[0].module, *(edge.target for edge in cycle)])
    return chain + "\n" + "\n".join(f"  {edge.where()}" for edge in cycle)


@dataclass(frozen=True)
class Package:
    edges: list[Import]
    strings: list[Import]
    games: frozenset[str]


@cache
def package() -> Package:
    modules = sources()
    known = frozenset(source.name for source in modules)
    games = frozenset(
        name
        for name in known
        if name.startswith(GAMES_PACKAGE + ".")
        and name.count(".") == GAMES_PACKAGE.count(".") + 1
        and (PACKAGE_DIR.parent / name.replace(".", "/") / "__init__.py").is_file()
    )
    edges = [edge for source in modules for edge in imports(source, known)]
    strings = [found for source in modules for found in game_strings(source, games)]
    return Package(edges, strings, games)


# ---- the package


def test_no_import_cycle() -> None:
    cycle = a_cycle(package().edges)
    if cycle is not None:
        pytest.fail("an import circle (type-only imports count):\n" + describe(cycle))


def test_no_module_imports_a_game_but_its_own() -> None:
    found = trespasses(package().edges, package().games)
    if found:
        pytest.fail("a game imported outside its folder:\n" + "\n".join(e.where() for e in found))


def test_no_module_names_a_game_but_its_own() -> None:
    found = trespasses(package().strings, package().games)
    if found:
        pytest.fail(
            "a game named in a string outside its folder:\n" + "\n".join(e.where() for e in found)
        )


def test_both_games_are_seen() -> None:
    assert package().games == {"tmlog.games.root", "tmlog.games.terra_mystica"}


# ---- the reading itself, on a made-up package

TOY = {
    "toy/__init__.py": "",
    "toy/core.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from toy.games.chess.board import Board\n"
    ),
    "toy/games/__init__.py": "GAMES = {'chess': 'toy.games.chess.game:GAME'}\n",
    "toy/games/chess/__init__.py": "from . import board\n",
    "toy/games/chess/board.py": (
        '"""toy.games.chess.board: a docstring names no import."""\n'
        "from ..chess import game\n"
        "def late():\n"
        "    import toy.core\n"
    ),
    "toy/games/chess/game.py": "from toy.games import GAMES\nimport toy.games.chess.board\n",
    "toy/report.py": (
        "from importlib import import_module\n"
        "from toy import core\n"
        "def play():\n"
        "    return import_module('toy.games.chess.game')\n"
    ),
}


def _toy(tmp_path: Path) -> tuple[list[Import], list[Import], frozenset[str]]:
    for name, text in TOY.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, "utf-8")
    modules = sources(tmp_path / "toy")
    known = frozenset(source.name for source in modules)
    games = frozenset({"toy.games.chess"})
    edges = [edge for source in modules for edge in imports(source, known)]
    strings = [found for source in modules for found in game_strings(source, games)]
    return edges, strings, games


def test_every_kind_of_import_is_read(tmp_path: Path) -> None:
    edges, _, _ = _toy(tmp_path)
    seen = {(e.module, e.line, e.target) for e in edges}
    assert seen == {
        ("toy.core", 3, "toy.games.chess.board"),  # type-only
        ("toy.games.chess", 1, "toy.games.chess.board"),  # relative, a submodule
        ("toy.games.chess.board", 2, "toy.games.chess.game"),  # relative, two dots
        ("toy.games.chess.board", 4, "toy.core"),  # inside a function
        ("toy.games.chess.game", 1, "toy.games"),  # a name of a package
        ("toy.games.chess.game", 2, "toy.games.chess.board"),  # import a.b.c
        ("toy.report", 2, "toy.core"),  # from a package import its submodule
    }


def test_a_circle_is_found_and_told_as_a_path(tmp_path: Path) -> None:
    edges, _, _ = _toy(tmp_path)
    # Two circles: core -> board -> core, and board -> game -> board, which the
    # search (from core, board's imports in the order of their lines) closes first.
    cycle = a_cycle(edges)
    assert cycle is not None
    assert describe(cycle).splitlines() == [
        "toy.games.chess.board -> toy.games.chess.game -> toy.games.chess.board",
        "  toy/games/chess/board.py:2: toy.games.chess.board imports toy.games.chess.game",
        "  toy/games/chess/game.py:2: toy.games.chess.game imports toy.games.chess.board",
    ]
    rest = [e for e in edges if e.module != "toy.games.chess.game"]
    cycle = a_cycle(rest)
    assert cycle is not None
    assert [e.where() for e in cycle] == [
        "toy/core.py:3: toy.core imports toy.games.chess.board",
        "toy/games/chess/board.py:4: toy.games.chess.board imports toy.core",
    ]
    assert a_cycle([e for e in rest if e.module != "toy.core"]) is None


def test_a_game_reached_from_outside_is_found(tmp_path: Path) -> None:
    edges, strings, games = _toy(tmp_path)
    assert [e.where() for e in trespasses(edges, games)] == [
        "toy/core.py:3: toy.core imports toy.games.chess.board"
    ]
    assert [e.where() for e in trespasses(strings, games)] == [
        "toy/games/__init__.py:1: toy.games names in a string toy.games.chess.game:GAME",
        "toy/report.py:4: toy.report names in a string toy.games.chess.game",
    ]
