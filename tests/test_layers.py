"""The layers of src/academie only look down: no import circle, no import against the layer rule.

Every import statement counts, also those inside functions (the module is walked with `ast`);
relative imports are resolved against the importing package.
"""
from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

# What each top-level area of academie may not import: a layer never looks up,
# and the interfaces (terminal, browser, adapters) do not stand on each other.
FORBIDDEN = {
    "core": {"games", "bots", "fast", "cli", "web", "adapters", "analysis", "narration", "presentation", "edition", "vector"},
    "cards": {"games", "bots", "fast", "cli", "web", "adapters", "analysis", "narration", "presentation", "edition", "vector"},
    "games": {"bots", "fast", "cli", "web", "adapters", "analysis", "narration", "presentation", "edition", "vector"},
    # the edition reads the games' citations and guides; the interfaces show it
    "edition": {"bots", "fast", "cli", "web", "adapters", "analysis", "narration", "presentation", "vector"},
    "bots": {"cli", "web", "adapters", "analysis", "narration", "presentation", "vector"},
    "narration": {"cli", "web", "adapters", "vector"},
    "presentation": {"cli", "web", "adapters", "vector"},
    "analysis": {"cli", "web", "adapters", "vector"},
    "web": {"cli", "adapters", "vector"},
    "adapters": {"cli", "web", "vector"},
    # the batch environments stand on the kernels and the adapters' layouts
    "vector": {"cli", "web", "analysis"},
}


def modules(src: Path = SRC) -> dict[str, Path]:
    """Every module under src/academie, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((src / "academie").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _owner(name: str, known: dict[str, Path]) -> str | None:
    """The module a dotted name lives in (``academie.core.state.State`` -> ``academie.core.state``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports(known: dict[str, Path] | None = None) -> dict[str, set[str]]:
    """For each module, the academie modules it imports (anywhere in its text)."""
    known = modules() if known is None else known
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                # `from pkg import sub` imports the module pkg.sub; `from mod import thing`, mod
                targets = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for target in targets:
                if target == "academie" or target.startswith("academie."):
                    owner = _owner(target, known)
                    if owner and owner != name:
                        edges[name].add(owner)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        # iterative depth-first walk: (node, iterator over its successors)
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(edges[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def area(name: str) -> str:
    """The top-level area of academie a module belongs to (``academie.games.blason.state`` -> ``games``)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "academie"


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import against the layer rule, as ``importer -> imported``."""
    return sorted(
        f"{name} -> {target}"
        for name, targets in edges.items()
        for target in targets
        if area(target) in FORBIDDEN.get(area(name), ())
    )


def test_no_import_circle():
    found = circles(imports())
    assert not found, "import circles:\n" + "\n".join(", ".join(c) for c in found)


def test_no_import_against_the_layers():
    found = upward(imports())
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_the_reader_sees_imports_inside_functions_and_relative_ones(tmp_path):
    pkg = tmp_path / "academie" / "core"
    pkg.mkdir(parents=True)
    (tmp_path / "academie" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from . import b\n")
    (pkg / "b.py").write_text("from ..games import x\n")
    (tmp_path / "academie" / "games").mkdir()
    (tmp_path / "academie" / "games" / "__init__.py").write_text("")
    (tmp_path / "academie" / "games" / "x.py").write_text("import academie.core.a\n")
    edges = imports(modules(tmp_path))
    assert edges["academie.core.a"] == {"academie.core.b"}
    assert "academie.games.x" in edges["academie.core.b"]
    assert circles(edges) == [["academie.core.a", "academie.core.b", "academie.games.x"]]
    assert upward(edges) == ["academie.core.b -> academie.games.x"]


def test_a_record_replays_in_a_process_that_imported_no_bot(tmp_path):
    """The engine core checks a record's players against the bots without importing them: it
    loads the ``academie.bots`` entry-point plugins (pyproject's ``[project.entry-points]``)."""
    import subprocess
    import sys

    path = tmp_path / "match.json"
    made = subprocess.run([sys.executable, "-m", "academie", "play", "trente-et-un", "--demo", "--seed", "1",
                           "--record", str(path)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stderr
    script = (
        "import sys\n"
        "from academie.core.record import GameRecord, replay\n"
        "from academie.games import get_game\n"
        "assert 'academie.bots' not in sys.modules\n"
        f"record = GameRecord.load({str(path)!r})\n"
        "state = replay(record, get_game(record.game))\n"
        "print(state.is_terminal(), 'academie.bots' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "True"]
