"""The adapter registry (one dict, every adapter module imported) and the contract every
adapter keeps."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from tests.adapters.runner import FIXTURES, HOME, PROJECT

OSES = ("linux", "darwin", "win32")


def test_registry_keys_are_adapter_names() -> None:
    """Each registry key is the adapter's own name."""
    assert all(key == adapter.name for key, adapter in ADAPTERS.items())


def test_every_adapter_module_is_registered() -> None:
    """Each module of adapters/ that defines an `ADAPTER` is in the registry."""
    folder = Path(sys.modules["aidokit.adapters"].__file__ or "").parent
    defining = {
        path.stem
        for path in folder.glob("*.py")
        if re.search(r"^ADAPTER\b", path.read_text(encoding="utf-8"), re.M)
    }
    registered = {type(a).__module__ for a in ADAPTERS.values()}
    assert registered == {f"aidokit.adapters.{stem}" for stem in defining}
    assert all(sys.modules[type(a).__module__].ADAPTER is a for a in ADAPTERS.values())


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_each_adapter_has_fixtures_and_tests(name: str) -> None:
    """Adding a harness means a fixtures folder and a test module calling the runner."""
    assert any(p.is_dir() for p in (FIXTURES / name).iterdir())
    module = Path(__file__).with_name(f"test_{name.replace('-', '_')}.py")
    assert "run_case(" in module.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_schema_is_valid_draft_2020_12(name: str) -> None:
    """The entry schema is itself a valid 2020-12 schema."""
    schema = ADAPTERS[name].schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("os_name", OSES)
@pytest.mark.parametrize("name", sorted(ADAPTERS))
def test_locations_follow_declared_scopes(name: str, os_name: str) -> None:
    """A declared scope has an absolute location (or None on an OS without the app)."""
    adapter = ADAPTERS[name]
    host = Host(project=PROJECT, home=HOME, os=os_name, environ={})  # type: ignore[arg-type]
    for scope in Scope:
        location = adapter.location(scope, host)
        if scope not in adapter.scopes:
            assert location is None
        elif location is not None:
            assert location.path.is_absolute()
            assert location.adapter == name and location.scope is scope
            assert location.map_path


def test_detect_finds_nothing_in_an_empty_sandbox(tmp_path: Path) -> None:
    """With no project files, no user folders and no PATH, nothing is detected."""
    host = Host(project=tmp_path / "p", home=tmp_path / "h", os="linux", environ={"PATH": ""})
    for scope in Scope:
        found = {name: a.detect(host, scope) for name, a in ADAPTERS.items()}
        assert found == dict.fromkeys(ADAPTERS)


def test_cli_on_path_is_detected(tmp_path: Path) -> None:
    """A harness CLI found on the host's PATH counts as detected."""
    exe = tmp_path / "bin" / "codex"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    env = {"PATH": str(exe.parent)}
    host = Host(project=tmp_path / "p", home=tmp_path / "h", os="linux", environ=env)
    assert ADAPTERS["codex"].detect(host, Scope.USER) == "`codex` is on PATH"


def test_project_scope_detects_only_project_files(tmp_path: Path) -> None:
    """A CLI on PATH or a user folder does not target the project's files."""
    (tmp_path / "h" / ".codex").mkdir(parents=True)
    host = Host(project=tmp_path / "p", home=tmp_path / "h", os="linux", environ={"PATH": ""})
    assert ADAPTERS["codex"].detect(host, Scope.PROJECT) is None
    assert ADAPTERS["codex"].detect(host, Scope.USER) == "found ~/.codex"
    (tmp_path / "p" / ".codex").mkdir(parents=True)
    assert ADAPTERS["codex"].detect(host, Scope.PROJECT) == "found .codex/"


def test_importing_the_registry_stays_light(tmp_path: Path) -> None:
    """Adapters load no schema validator at import time (start-up cost)."""
    code = "import sys, aidokit.adapters; print('jsonschema' in sys.modules)"
    # -P and a neutral cwd: the checkout's own `aidokit/` folder must not shadow the install.
    argv = [sys.executable, "-P", "-c", code]
    out = subprocess.run(argv, capture_output=True, text=True, check=True, cwd=tmp_path)
    assert out.stdout.strip() == "False"


def test_harnesses_with_a_cli_name_their_binary_on_the_adapter() -> None:
    """`aido doctor` finds each harness CLI through the adapter, not a table elsewhere."""
    from aidokit.adapters import ADAPTERS

    clis = {n: a.evidence.cli for n, a in ADAPTERS.items() if a.evidence.cli}
    assert {
        "claude-code": "claude",
        "codex": "codex",
        "gemini-cli": "gemini",
    }.items() <= clis.items()
    assert all(isinstance(a.evidence.cli, str | None) for a in ADAPTERS.values())
