"""Context detection on fixture projects: packs, languages, remote, beads, brownfield."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from projects import materialize  # fixtures/ is put on sys.path by tests/conftest.py

from aidokit.catalog.facts import Fact
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.read.facts import current_os, detect_facts


def _copy(name: str, dest: Path) -> Path:
    """Copy fixtures/projects/NAME with its `.git` in place."""
    return materialize(f"projects/{name}", dest / name)


def test_react_github(tmp_path: Path) -> None:
    """React from package.json, TypeScript, a GitHub origin and a branch ref."""
    facts = detect_facts(_copy("react-github", tmp_path))
    react = Fact("react", "package.json")
    assert facts.stack_packs == {"react": react, "vite": Fact("vite", "package.json")}
    assert facts.languages["javascript"] == Fact("javascript", "package.json")
    assert facts.languages["typescript"] == Fact("typescript", "tsconfig.json")
    assert facts.remote_url == Fact("git@github.com:acme/shop.git", ".git/config")
    assert facts.brownfield == Fact("git history", ".git/refs/heads/main")
    assert facts.beads is None
    assert facts.conformance is None


def test_python_fastapi_gitlab(tmp_path: Path) -> None:
    """FastAPI from pyproject, Django from requirements-dev.txt, quoted GitLab URL, packed-refs."""
    facts = detect_facts(_copy("fastapi-gitlab", tmp_path))
    assert facts.stack_packs == {
        "fastapi": Fact("fastapi", "pyproject.toml"),
        "django": Fact("django", "requirements-dev.txt"),
    }
    assert facts.languages == {"python": Fact("python", "pyproject.toml")}
    assert facts.remote_url == Fact("https://ci@gitlab.com:443/acme/api.git", ".git/config")
    assert facts.brownfield == Fact("git history", ".git/packed-refs")


def test_worktree_git_file_follows_commondir(tmp_path: Path) -> None:
    """A `.git` file leads to the worktree dir; config and refs come from the common dir."""
    root = _copy("worktree", tmp_path)
    facts = detect_facts(root / "wt")
    assert facts.remote_url is not None
    assert facts.remote_url.value == "ssh://git@bitbucket.org:22/acme/tool.git"
    assert facts.remote_url.source.endswith("main-repo/.git/config (via .git file)")
    assert facts.brownfield is not None
    assert facts.brownfield.source.endswith("main-repo/.git/refs/heads/feature/x")
    assert facts.stack_packs == {"go": Fact("go.mod", "go.mod")}
    assert facts.languages["go"] == Fact("go", "go.mod")


def test_beads_without_git(tmp_path: Path) -> None:
    """A `.beads/` folder is beads; no .git means no remote; Flask from requirements.txt."""
    facts = detect_facts(_copy("beads", tmp_path))
    assert facts.beads == Fact("beads", ".beads/")
    assert facts.remote_url is None
    assert facts.stack_packs == {"flask": Fact("flask", "requirements.txt")}
    assert facts.brownfield is None


def test_empty_project(tmp_path: Path) -> None:
    """An empty project yields no facts but the OS."""
    facts = detect_facts(_copy("empty", tmp_path))
    assert facts.stack_packs == {}
    assert facts.languages == {}
    assert (facts.remote_url, facts.beads, facts.brownfield) == (None, None, None)
    assert facts.os == current_os()


def test_source_files_make_a_project_brownfield(tmp_path: Path) -> None:
    """Without git history, source files at the root still count as existing code."""
    (tmp_path / "main.py").write_text("print('hi')\n", encoding="utf-8")
    assert detect_facts(tmp_path).brownfield == Fact("source files", "main.py")


def test_explicit_stack_packs_override_detection(tmp_path: Path) -> None:
    """Packs from aido.toml replace detected ones and say so."""
    facts = detect_facts(_copy("react-github", tmp_path), stack_packs=["vue"])
    assert facts.stack_packs == {"vue": Fact("vue", "aido.toml stack_packs")}


def test_unknown_explicit_pack_is_a_config_error(tmp_path: Path) -> None:
    """An unknown pack in aido.toml is a ConfigError naming it."""
    with pytest.raises(ConfigError, match="'reactt'"):
        detect_facts(tmp_path, stack_packs=["reactt"])


def test_conformance_passed_in(tmp_path: Path) -> None:
    """Conformance comes from the caller with its source; an unknown level is refused."""
    assert detect_facts(tmp_path, conformance="strict").conformance == Fact(
        "strict", "aido.toml conformance"
    )
    with pytest.raises(ConfigError, match="'extreme'"):
        detect_facts(tmp_path, conformance="extreme")


def test_broken_manifests_are_ignored(tmp_path: Path) -> None:
    """Unparsable package.json / pyproject.toml detect nothing instead of failing."""
    (tmp_path / "package.json").write_text("{ nope", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text("[project\n", encoding="utf-8")
    assert detect_facts(tmp_path).stack_packs == {}


def test_git_file_pointing_nowhere(tmp_path: Path) -> None:
    """A `.git` file whose gitdir is missing gives no git facts."""
    (tmp_path / ".git").write_text("gitdir: /nonexistent/wt\n", encoding="utf-8")
    facts = detect_facts(tmp_path)
    assert (facts.remote_url, facts.brownfield) == (None, None)


def test_current_os_matches_platform() -> None:
    """The OS fact follows sys.platform."""
    expected = {"darwin": "darwin", "win32": "win32"}.get(sys.platform, "linux")
    assert current_os() == expected
