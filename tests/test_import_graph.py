"""The import graph of ``src/threethirteen``: no circles, and games import no shared layer.

Every module is parsed with :mod:`ast`, and every ``import`` in it counts: at the
top, under ``if TYPE_CHECKING:``, inside a function (a late import still ties the
two modules together). An import names the module it loads: ``from a.b import c``
is ``a.b.c`` when that is a module of ours, else ``a.b``; the parent packages Python
loads on the way are not counted (a package may import its own modules).

Two rules, from ``docs/architecture.md``:

* no circle: no module imports itself back through others (each circle found is
  named, in import order);
* a game's package (``threethirteen/games/<game>/``) imports only the standard
  library, its own package, and the modules every game shares:
  :mod:`threethirteen.cards`, :mod:`threethirteen.errors`, :mod:`threethirteen.game`, and
  for records and views :mod:`threethirteen.jsonfields`, :mod:`threethirteen.replaying`
  and :mod:`threethirteen.viewfields`, for search bots :mod:`threethirteen.racing`, and for rules
  :mod:`threethirteen.ruleoptions`.
  Never the layers above (bots, engines, lab, store, server, cli, the registry in
  :mod:`threethirteen.games`, the top-level re-export modules such as
  ``threethirteen.records``).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "threethirteen"
GAME_MAY_IMPORT = {
    "threethirteen.cards",
    "threethirteen.errors",
    "threethirteen.game",
    "threethirteen.jsonfields",
    "threethirteen.racing",
    "threethirteen.replaying",
    "threethirteen.ruleoptions",
    "threethirteen.viewfields",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {
    module_name(path): path
    for path in sorted((SRC / ROOT).rglob("*.py"))
    if "migrations" not in path.parts  # Alembic's scripts: loaded by path, not imported
}


def imported(module: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``module`` imports (ours or not), with the line of the import."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                yield (full if full in MODULES else source), node.lineno


def graph() -> dict[str, set[str]]:
    """Our modules and the modules of ours each imports."""
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        edges[module] = {
            target for target, _ in imported(module, path) if target in MODULES and target != module
        }
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each strongly connected group of modules (Tarjan), if any."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_circle_in(edges, set(group)) for group in groups]


def _circle_in(edges: dict[str, set[str]], group: set[str]) -> list[str]:
    """A path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(edges[v] & group):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                todo.append(w)
    raise AssertionError(f"no circle in {sorted(group)}")  # pragma: no cover


def test_the_parser_sees_every_kind_of_import(tmp_path: Path) -> None:
    source = (
        "from __future__ import annotations\n"
        "import threethirteen.cards\n"
        "from typing import TYPE_CHECKING\n"
        "from . import views\n"
        "from .solver import melds\n"
        "from ..game import Stage\n"
        "if TYPE_CHECKING:\n"
        "    from threethirteen.bots import Bot\n"
        "def late():\n"
        "    from threethirteen.games.three_thirteen.records import GameRecord\n"
    )
    path = tmp_path / "state.py"
    path.write_text(source, encoding="utf-8")
    found = {name for name, _ in imported("threethirteen.games.three_thirteen.state", path)}
    assert found >= {
        "threethirteen.cards",
        "threethirteen.games.three_thirteen.views",
        "threethirteen.games.three_thirteen.solver.melds",
        "threethirteen.games.game",  # resolved by position; not a module of ours
        "threethirteen.bots",
        "threethirteen.games.three_thirteen.records",
    }


def test_circles_are_found_and_named() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(edges) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_holds_the_modules_we_know() -> None:
    edges = graph()
    assert "threethirteen.games.three_thirteen.solver.api" in edges
    replay = edges[f"{ROOT}.games.three_thirteen.replay"]
    assert {f"{ROOT}.games.three_thirteen.records", f"{ROOT}.games.three_thirteen.state"} <= replay


def test_no_module_imports_itself_back() -> None:
    found = circles(graph())
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


GAME_MODULES = sorted(m for m in MODULES if m.startswith(f"{ROOT}.games.") and m.count(".") >= 2)


@pytest.mark.parametrize("module", GAME_MODULES)
def test_a_game_imports_no_shared_layer(module: str) -> None:
    own = ".".join(module.split(".")[:3])  # threethirteen.games.<game>
    wrong = []
    for target, line in imported(module, MODULES[module]):
        top = target.split(".")[0]
        if top == ROOT:
            if target in GAME_MAY_IMPORT or target == own or target.startswith(own + "."):
                continue
            wrong.append(f"line {line}: {target}")
        elif top != "__future__" and top not in sys.stdlib_module_names:
            wrong.append(f"line {line}: {target} (not the standard library)")
    assert not wrong, f"{module} imports outside its game: " + "; ".join(wrong)
