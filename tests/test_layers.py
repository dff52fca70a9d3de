"""The import graph of `aidokit.*`: layers point one way and no module cycle exists (SPEC §2)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("catalog", "adapters", "reconcile")
# What each top-level package may import of aidokit, besides itself (STYLE.md, "Layers").
ALLOWED = {"catalog": set(), "adapters": {"catalog"}, "reconcile": {"catalog", "adapters"}}


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(["aidokit", *parts])] = path
    return found


def _imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every aidokit module `name` imports, at any depth of its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                ).rstrip(".")
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                targets.add(sub if sub in known else base)
    return {t for t in targets if t in known and t != name}


@cache
def _graph() -> dict[str, set[str]]:
    """Module -> the aidokit modules it imports (inside functions too), built once a run."""
    known = _modules()
    return {name: _imports(name, path, known) for name, path in known.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_is_read() -> None:
    """The walker sees the package (a test that cannot fail is a defect)."""
    graph = _graph()
    assert len(graph) > 50
    assert "aidokit.catalog.entries" in graph["aidokit.reconcile.read.world"]


def test_no_module_imports_itself_back() -> None:
    """No import cycle between aidokit modules, counting imports inside functions too."""
    assert _cycles(_graph()) == []


def test_layers_point_one_way() -> None:
    """`catalog` imports nothing of aidokit, `adapters` only `catalog`, `reconcile` both."""
    wrong = sorted(
        f"{source} imports {target}"
        for source, targets in _graph().items()
        for target in targets
        if (top := target.split(".")[1]) != (own := source.split(".")[1])
        and top not in ALLOWED[own]
    )
    assert wrong == []


# reconcile/ by the flow, bottom first (docs/architecture.md, "Layers"): a folder imports
# only folders before it. `reconcile/__init__.py` (the version) and `__main__.py` sit outside.
RECONCILE_ORDER = (
    "core",  # safe reads, atomic writes, locks, paths, errors, the terminal
    "documents",  # byte-preserving editors of JSON/JSONC, TOML, YAML, frontmatter
    "checks",  # what a value may hold: hardening, credentials, launch environments
    "policy",  # what a policy is and says of one entry: rules, hosts, layers, verdicts
    "remote",  # the HTTP clients: npm and PyPI, the MCP Registry (nothing read from disk)
    "read",  # the world: facts, choices, baselines, the lock, ownership, policy layers
    "plan",  # the pure diff: build_plan's steps, planner, scoping, the policy steps
    "gate",  # before any effect: the security gate, confirmations, redaction, saved-plan provenance
    "write",  # the effects: apply, transactions, journal, undo, import, adopt
    "show",  # plan, status, doctor and report as text or JSON
    "probe",  # `aido doctor --probe`: start servers as their harnesses would, and say what they did
    "cli",  # the entry point, one module per command, the console
)


def _folder(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] != ["aidokit", "reconcile"] or len(parts) < 4:
        return None  # the reconcile package itself, __main__, or outside reconcile
    return parts[2]


def test_reconcile_folders_are_the_layers() -> None:
    """Each folder of reconcile/ has its place in RECONCILE_ORDER; nothing else is at the top."""
    root = ROOT / "reconcile"
    folders = {p.name for p in root.iterdir() if (p / "__init__.py").exists()}
    assert folders == set(RECONCILE_ORDER)
    loose = {p.name for p in root.glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}


def test_reconcile_folders_point_down() -> None:
    """No module imports a folder above its own (counting imports inside functions)."""
    rank = {name: index for index, name in enumerate(RECONCILE_ORDER)}
    upward = sorted(
        f"{source} imports {target}"
        for source, targets in _graph().items()
        if (own := _folder(source)) is not None
        for target in targets
        if (other := _folder(target)) is not None and rank[other] > rank[own]
    )
    assert upward == []


def test_a_package_defines_no_name_of_its_own_modules() -> None:
    """A package's __init__ (adapters/, cli/commands/ hold code there) binds no name that is
    also one of its modules: importing that module would replace the name on the package."""
    clashes = []
    for init in sorted(p for package in PACKAGES for p in (ROOT / package).rglob("__init__.py")):
        modules = {p.stem for p in init.parent.glob("*.py")} | {
            p.name for p in init.parent.iterdir() if (p / "__init__.py").exists()
        }
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bound = {node.name}
            elif isinstance(node, ast.Assign):
                bound = {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.ImportFrom):
                package = ".".join(("aidokit", *init.parent.relative_to(ROOT).parts))
                if node.module == package and not any(a.asname for a in node.names):
                    continue  # its own modules, bound to themselves (adapters/: the registry)
                bound = {alias.asname or alias.name for alias in node.names}
            else:
                continue
            clashes += [f"{init.relative_to(ROOT)}: {name}" for name in bound & modules]
    assert clashes == []
