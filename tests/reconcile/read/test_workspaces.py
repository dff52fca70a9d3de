"""Monorepo workspaces: stack facts come from member manifests too, named by their path."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aidokit.catalog.facts import Fact
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.facts import detect_facts
from aidokit.reconcile.read.repo import MAX_MEMBERS, expand

REACT = {"dependencies": {"react": "^19.1.0"}, "devDependencies": {"typescript": "^5"}}


def write(root: Path, files: dict[str, object]) -> Path:
    """Write each file: dicts as JSON, strings as text."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return root


PNPM = "# pnpm\npackages:\n  - 'apps/*'\n  - \"!apps/old\"\ncatalog:\n  - x\n"
UV_ROOT = '[tool.uv.workspace]\nmembers = ["services/*"]\nexclude = ["services/legacy"]\n'
PYPROJECT_API = '[project]\nname = "api"\ndependencies = ["fastapi>=0.115"]\n'


@pytest.mark.parametrize(
    ("files", "pack", "source"),
    [
        (
            {"package.json": {"workspaces": ["packages/*"]}, "packages/web/package.json": REACT},
            "react",
            "packages/web/package.json",
        ),
        (
            {
                "package.json": {"workspaces": {"packages": ["apps/**"]}},
                "apps/x/web/package.json": REACT,
            },
            "react",
            "apps/x/web/package.json",
        ),
        (
            {
                "package.json": {"name": "root"},
                "pnpm-workspace.yaml": PNPM,
                "apps/site/package.json": REACT,
            },
            "react",
            "apps/site/package.json",
        ),
        (
            {
                "pyproject.toml": UV_ROOT,
                "services/api/pyproject.toml": PYPROJECT_API,
            },
            "fastapi",
            "services/api/pyproject.toml",
        ),
        (
            {
                "pyproject.toml": '[tool.poetry.dependencies]\npython = "^3.11"\n'
                'api = { path = "libs/api", develop = true }\n',
                "libs/api/pyproject.toml": PYPROJECT_API,
            },
            "fastapi",
            "libs/api/pyproject.toml",
        ),
    ],
    ids=["npm", "yarn-packages", "pnpm", "uv", "poetry-path"],
)
def test_member_manifests_give_stack_facts(
    files: dict[str, object], pack: str, source: str, tmp_path: Path
) -> None:
    """A dependency in a workspace member is a stack fact whose source is the member's file."""
    facts = detect_facts(write(tmp_path, files))
    assert facts.stack_packs[pack] == Fact(pack, source)


def test_excluded_and_outside_members_are_ignored(tmp_path: Path) -> None:
    """pnpm `!` and uv `exclude` drop members; `..` globs and links out of the project too."""
    outside = write(tmp_path / "outside", {"web/package.json": REACT})
    project = write(
        tmp_path / "proj",
        {
            "package.json": {"workspaces": ["../outside/*", "links/*"]},
            "pnpm-workspace.yaml": "packages:\n  - 'apps/*'\n  - '!apps/old'\n",
            "apps/old/package.json": REACT,
            "pyproject.toml": UV_ROOT,
            "services/legacy/pyproject.toml": PYPROJECT_API,
        },
    )
    (project / "links").mkdir()
    os.symlink(outside / "web", project / "links" / "web")
    packs = detect_facts(project).stack_packs
    assert "react" not in packs and "fastapi" not in packs


def test_the_root_manifest_names_a_shared_dependency(tmp_path: Path) -> None:
    """When root and member both depend on react, the fact names the root's package.json."""
    files = {"package.json": {"workspaces": ["p/*"], **REACT}, "p/a/package.json": REACT}
    facts = detect_facts(write(tmp_path, files))
    assert facts.stack_packs["react"] == Fact("react", "package.json")
    assert facts.languages["typescript"] == Fact("typescript", "package.json")


def test_member_count_is_bounded(tmp_path: Path) -> None:
    """A glob matching thousands of folders stops at MAX_MEMBERS."""
    for n in range(MAX_MEMBERS + 5):
        write(tmp_path, {f"p/m{n:04d}/package.json": {}})
    assert len(expand(tmp_path, ["p/*"], "package.json")) == MAX_MEMBERS


def test_suggest_names_the_member_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`aido suggest` shows the member manifest behind a monorepo's suggestion."""
    files = {"package.json": {"workspaces": ["packages/*"]}, "packages/web/package.json": REACT}
    project = write(tmp_path, files)
    assert main(["suggest", "--project", str(project)]) == 0
    assert "playwright: stack.hasFrontend (react, from packages/web/package.json)" in (
        capsys.readouterr().out
    )
