"""The kilo adapter (kilo.json generation): golden fixture cases and harness specifics."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters.agents import NamedAgentScoping
from aidokit.adapters.base import Scope
from aidokit.adapters.budget import AgentBudgets
from aidokit.adapters.kilo import ADAPTER, PACKAGE
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.read.desired import Wanted, resolve_for
from tests.adapters.runner import Case, case_params, make_host, run_case


@pytest.mark.parametrize("case", case_params("kilo"))
def test_fixture_case(case: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each fixture case renders and edits to its golden after-file."""
    run_case(case, monkeypatch, tmp_path)


def test_root_kilo_json_wins_over_dot_kilo(tmp_path: Path) -> None:
    """With both a root kilo.json and .kilo/kilo.jsonc, the root file is edited."""
    for rel in ("kilo.json", ".kilo/kilo.jsonc"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("{}", encoding="utf-8")
    location = ADAPTER.location(Scope.PROJECT, make_host({}, tmp_path))
    assert location is not None and location.path == tmp_path / "kilo.json"


def test_no_role_scoping_is_written() -> None:
    """Kilo turns OpenCode's `tools` map into permissions, so aido writes none."""
    assert not isinstance(ADAPTER, NamedAgentScoping)
    assert not isinstance(ADAPTER, AgentBudgets)


def fake_kilo(root: Path, version: str) -> dict[str, str]:
    """A PATH holding `kilo` from an npm install of `@kilocode/cli` at `version`."""
    package = root / "node_modules" / "@kilocode" / "cli"
    (package / "bin").mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": PACKAGE, "version": version}))
    binary = package / "bin" / "kilo"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    bin_dir = root / "node_modules" / ".bin"
    bin_dir.mkdir()
    (bin_dir / "kilo").symlink_to(binary)
    return {"PATH": str(bin_dir)}


GITHUB = {"type": "remote", "url": "https://x", "headers": {"Authorization": "Bearer {env:GH}"}}
PLAIN = {"type": "local", "command": ["npx", "-y", "pkg"]}


@pytest.mark.parametrize(
    ("version", "refused"), [("7.0.33", False), ("7.7.2", True), ("7.7.7", True), ("8.0.0", True)]
)
def test_project_env_references_by_the_kilo_version_found(
    version: str, refused: bool, tmp_path: Path
) -> None:
    """From 7.7.2 Kilo skips a project file holding `{env:…}`: such an entry stays out of it."""
    host = make_host({"environ": fake_kilo(tmp_path, version)}, tmp_path)
    assumed = ADAPTER.assumed_format(Scope.PROJECT, host)
    assert assumed is not None and f"Kilo {version}" in assumed.said
    why = assumed.refuses("github", GITHUB)
    assert (why is not None) is refused
    if why is not None:
        assert f"Kilo {version}" in why and "{env:GH}" in why and "--scope user" in why
    # Neither an entry without references nor the (trusted) global file is affected.
    assert assumed.refuses("plain", PLAIN) is None
    assert ADAPTER.assumed_format(Scope.USER, host) is None


def test_no_kilo_found_assumes_the_newest_format(tmp_path: Path) -> None:
    """Without a `@kilocode/cli` on PATH (the extension, another install) aido assumes 7.7.2+."""
    for environ in ({}, {"PATH": str(tmp_path)}):
        host = make_host({"environ": environ}, tmp_path)
        assumed = ADAPTER.assumed_format(Scope.PROJECT, host)
        why = assumed.refuses("github", GITHUB) if assumed else None
        assert why is not None and "no @kilocode/cli found on PATH" in why
    other = tmp_path / "other"
    other.mkdir()
    (other / "kilo").write_text("#!/bin/sh\n")
    (other / "kilo").chmod(0o755)  # a kilo of no npm package: its version is unknown
    host = make_host({"environ": {"PATH": str(other)}}, tmp_path)
    assumed = ADAPTER.assumed_format(Scope.PROJECT, host)
    assert assumed is not None and assumed.refuses("github", GITHUB) is not None


@pytest.mark.parametrize("version", ["7.0.33", "7.7.7", None])
def test_no_catalog_entry_puts_a_reference_into_a_project_file_kilo_skips(
    version: str | None, tmp_path: Path
) -> None:
    """Over the whole catalog: the project entries aido plans for Kilo hold a `{env:…}`
    only for a Kilo older than 7.7.2, and each one left out says why."""
    environ = fake_kilo(tmp_path, version) if version else {}
    host = make_host({"environ": environ}, tmp_path)
    wanted = [Wanted(entry, "test", explicit=False, roles=()) for entry in MCP_CATALOG]
    desired, notes = resolve_for(ADAPTER, wanted, scope=Scope.PROJECT, host=host)
    with_refs = [d.name for d in desired if "{env:" in json.dumps(d.entry)]
    left_out = [n for n in notes if "skips a project kilo.json" in n]
    if version == "7.0.33":
        assert with_refs and not left_out
    else:
        assert not with_refs and left_out
        assert all(note.split(":")[0] in {w.server.id for w in wanted} for note in left_out)
    user, _ = resolve_for(ADAPTER, wanted, scope=Scope.USER, host=host)
    assert any("{env:" in json.dumps(d.entry) for d in user)  # global config is trusted
