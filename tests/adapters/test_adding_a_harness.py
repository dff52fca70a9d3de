"""Adding a harness touches the files docs/adapters.md names, and nothing else is needed.

A throwaway adapter `demo` (a copy of `cursor` with its own folder) is added to a copy
of the tree exactly as docs/adapters.md, "Adding a harness", says; then the shared
tests, which find harnesses in the registry, run there and pass for it. The files the
test writes are the documented list, so the list cannot grow without this test failing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "adapters.md"

# The tests that check every adapter, each over the registry: run whole.
EVERY_ADAPTER = [
    "tests/adapters/test_registry.py",
    "tests/adapters/test_protocol.py",
    "tests/adapters/test_os_paths.py",
    "tests/adapters/test_support.py",
    "tests/adapters/test_new_adapter_paths.py",
    "tests/adapters/test_demo.py",
    "tests/reconcile/cli/test_adapters_command.py",
    "tests/test_json_schemas.py::test_aido_toml_schema_is_current",
    "tests/scenarios/test_realistic.py::test_init_then_apply_snapshot",
    "tests/reconcile/plan/test_launch_keys.py::test_docs_security_lists_each_adapters_launch_keys",
]
# The tests parametrized by adapter name: run for `demo` (its cases only).
PER_ADAPTER = [
    "tests/reconcile/plan/test_context_budget.py",
    "tests/scenarios/test_field_ownership.py",
    "tests/scenarios/test_created_files.py",
    "tests/reconcile/documents/test_strict_json.py",
    "tests/scenarios/test_personal_files.py",
    "tests/reconcile/plan/test_launch_keys.py",
    "tests/reconcile/read/test_schema_agrees.py",
    "tests/reconcile/gate/test_trust.py",
    "tests/security/test_committed_state.py",
]


def documented_files(harness: str) -> list[str]:
    """The files the numbered list of "Adding a harness" names, for `harness`."""
    section = DOCS.read_text(encoding="utf-8").split("## Adding a harness", 1)[1]
    steps = re.findall(r"^\d+\. `([^`]+)`", section.split("\n## ", 1)[0], re.M)
    module = harness.replace("-", "_")
    return [s.replace("<harness>", harness if "fixtures" in s else module) for s in steps]


def _copy_tree(root: Path) -> tuple[Path, Path]:
    """A copy of the checkout to edit (source, tests, docs, fixtures) and a package folder
    `aidokit/` that points into it, as the editable install does."""
    repo = root / "repo"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("adapters", "tests", "docs"):
        shutil.copytree(ROOT / folder, repo / folder, ignore=skip)
    (repo / "fixtures").mkdir()
    for child in (ROOT / "fixtures").iterdir():  # read-only: linked, the new one written
        (repo / "fixtures" / child.name).symlink_to(child, child.is_dir())
    shutil.copy2(ROOT / "pyproject.toml", repo / "pyproject.toml")
    package = root / "pkg" / "aidokit"
    package.mkdir(parents=True)
    (package / "adapters").symlink_to(repo / "adapters", True)
    for folder in ("catalog", "reconcile"):  # unchanged by a new harness
        (package / folder).symlink_to(ROOT / folder, True)
    return repo, package.parent


def _add_demo(repo: Path, run: list[str], env: dict[str, str]) -> dict[str, str]:
    """The documented additions, by path: what each file gains."""
    cursor = (ROOT / "adapters" / "cursor.py").read_text(encoding="utf-8")
    # A harness that reads the common launch keys (Cursor's `envFile` would be an opt-in:
    # its row in docs/security.md's table).
    cursor = re.sub(
        r"\n        # Launch keys.*?launch_keys=frozenset\(\{[^}]*\}\),", "", cursor, flags=re.S
    )
    module = cursor.replace("Cursor", "Demo").replace("cursor", "demo")
    assert "launch_keys" not in module
    (repo / "adapters" / "demo.py").write_text(module, encoding="utf-8")

    init = repo / "adapters" / "__init__.py"
    text = init.read_text(encoding="utf-8")
    text = text.replace("    deepagents,\n", "    deepagents,\n    demo,\n", 1)
    text = text.replace(
        "        qoder_cli.ADAPTER,\n", "        qoder_cli.ADAPTER,\n        demo.ADAPTER,\n"
    )
    init.write_text(text, encoding="utf-8")

    shutil.copytree(ROOT / "fixtures" / "cursor", repo / "fixtures" / "demo")
    for path in (repo / "fixtures" / "demo").rglob("*"):
        if path.is_file():
            path.write_text(path.read_text(encoding="utf-8").replace(".cursor", ".demo"))

    test = (ROOT / "tests" / "adapters" / "test_cursor.py").read_text(encoding="utf-8")
    test = test.replace("Cursor", "Demo").replace("cursor", "demo")
    (repo / "tests" / "adapters" / "test_demo.py").write_text(test, encoding="utf-8")

    docs = repo / "docs" / "adapters.md"
    text = docs.read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("| `cursor` |") and ".cursor/mcp.json" in line:
            row = line.replace("cursor", "demo")
            text = text.replace(line, f"{line}\n{row}", 1)
    docs.write_text(text, encoding="utf-8")

    schema = subprocess.run(
        [*run, "-c", "from aidokit.reconcile.cli.main import main; main(['schema'])"],
        capture_output=True, text=True, check=False, env=env, cwd=repo,
    )  # fmt: skip
    (repo / "docs" / "schemas" / "aido-toml.schema.json").write_text(schema.stdout)
    return {
        "adapters/demo.py": "the module",
        "adapters/__init__.py": "its import and its ADAPTER in the registry",
        "fixtures/demo/": "its cases and files.json",
        "tests/adapters/test_demo.py": "run_case over its fixtures",
        "docs/adapters.md": "its two rows",
        "docs/schemas/aido-toml.schema.json": "regenerated",
    }


@pytest.mark.slow
def test_a_new_harness_needs_only_the_documented_files(tmp_path: Path) -> None:
    """The throwaway `demo` adapter, added the documented way, passes the shared checks."""
    repo, package_root = _copy_tree(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(package_root), str(repo)))}
    run = [sys.executable, "-P"]
    touched = _add_demo(repo, run, env)
    assert sorted(touched) == sorted(
        f.rstrip("/") + "/" if f.startswith("fixtures/") else f for f in documented_files("demo")
    )
    probe = "import os, aidokit.adapters as a; print(os.path.realpath(a.__file__), "
    probe += "'demo' in a.ADAPTERS)"
    found = subprocess.run([*run, "-c", probe], capture_output=True, text=True, env=env)
    here = (repo / "adapters" / "__init__.py").resolve()
    assert found.stdout.split() == [str(here), "True"], found.stderr

    pytest_argv = [*run, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    files = (f.split("::")[0] for f in EVERY_ADAPTER + PER_ADAPTER)
    missing = [f for f in files if not (repo / f).is_file()]
    assert missing == []
    whole = subprocess.run(
        [*pytest_argv, *EVERY_ADAPTER], capture_output=True, text=True, env=env, cwd=repo
    )
    assert whole.returncode == 0, whole.stdout[-4000:] + whole.stderr[-2000:]
    mine = subprocess.run(
        [*pytest_argv, "-k", "demo", *PER_ADAPTER],
        capture_output=True, text=True, env=env, cwd=repo,
    )  # fmt: skip
    assert mine.returncode == 0, mine.stdout[-4000:] + mine.stderr[-2000:]
    passed = re.search(r"(\d+) passed", mine.stdout)
    assert passed is not None and int(passed.group(1)) > 0, mine.stdout[-2000:]
    assert json.loads((repo / "fixtures" / "demo" / "files.json").read_text())["linux"] == [
        "project:.demo/mcp.json",
        "user:~/.demo/mcp.json",
    ]
