"""Tool pin checks without starting a server (issue 53): what a pin is for, a package that
moved to a version with no pin, the definitions cache's bounds and trust."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest

from aidokit.adapters.launch import Launch
from aidokit.reconcile.probe import pinning
from aidokit.reconcile.probe.targets import Probe, Result, Status, Use
from aidokit.reconcile.read.choices.tool_pins import definition, digest_of, pin_of


def result(launch: Launch, *tools: dict[str, Any], server: str = "srv 1.0") -> Result:
    use = Use("claude-code", ".mcp.json", "srv", "srv", None, None)  # type: ignore[arg-type]
    defs = tuple(definition(t) for t in tools)
    names = tuple(d["name"] for d in defs)
    return Result(Probe(launch, (use,)), Status.OK, names, server=server, definitions=defs)


NPX = Launch("stdio", "/usr/bin/npx", ("-y", "@acme/srv@1.2.0"))
ECHO = {"name": "echo", "description": "Say it.", "inputSchema": {"type": "object"}}


@pytest.mark.parametrize(
    ("launch", "source"),
    [
        (NPX, "npm:@acme/srv@1.2.0"),
        (Launch("stdio", "uvx", ("--from", "srv==2.0", "srv")), "pypi:srv==2.0"),
        (Launch("http", url="https://u:p@mcp.example/mcp?key=s3"), "url:https://mcp.example/mcp"),
        (Launch("stdio", "/opt/bin/my-server.exe", ("--token", "s3")), "command:my-server"),
    ],
)
def test_what_a_pin_is_for(launch: Launch, source: str) -> None:
    """A package per version, a remote per URL (no credentials), else the program's name."""
    assert pinning.source_of(launch) == source


def test_a_new_package_version_is_compared_with_the_pin_of_the_one_before(
    tmp_path: Path,
) -> None:
    old = result(NPX, ECHO)
    pins = {"srv": {"npm:@acme/srv@1.2.0": pinning.pin_now(old)}}
    same = result(NPX._replace(args=("-y", "@acme/srv@1.3.0")), ECHO, server="srv 1.3")
    found = pinning.check(same, pins, os.environ, tmp_path)
    assert found is not None and found.status == "unchanged" and not found.failing
    assert (found.source, found.pinned_for) == ("npm:@acme/srv@1.3.0", "npm:@acme/srv@1.2.0")
    moved = result(NPX._replace(args=("-y", "@acme/srv@1.3.0")), {**ECHO, "description": "New."})
    found = pinning.check(moved, pins, os.environ, tmp_path)
    assert found is not None and found.status == "changed" and found.failing
    table, moving = pinning.moved([found], pins)
    assert list(table["srv"]) == ["npm:@acme/srv@1.3.0"] and moving == [found]


def test_the_definitions_cache_is_private_bounded_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pinning, "KEEP", 3)
    project = tmp_path / "proj"
    project.mkdir()
    results = [result(NPX, {**ECHO, "description": f"v{n}"}) for n in range(5)]
    for item in results:
        pinning.keep([item], os.environ, project)
    folder = pinning.cache_folder(os.environ)
    files = list(folder.glob("*.json"))
    assert len(files) == 3
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    newest = digest_of(results[-1].definitions)
    assert pinning.kept(newest, os.environ, project) == [dict(d) for d in results[-1].definitions]
    # A file whose content does not match its digest is not believed.
    path = folder / (newest.removeprefix("sha256:") + ".json")
    path.write_text('[{"name": "echo", "description": "forged"}]', "utf-8")
    assert pinning.kept(newest, os.environ, project) is None


def test_nothing_is_kept_in_a_state_folder_inside_the_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    pinning.keep([result(NPX, ECHO)], os.environ, tmp_path)
    assert not pinning.cache_folder(os.environ).exists()


def test_a_pin_of_no_tools_and_one_of_hidden_names() -> None:
    assert pin_of([], "s").total == 0
    pin = pin_of([definition({"name": "a\u200bb", "description": ""})], "s")
    assert pin.tools is not None and "a\u200bb" in pin.tools


def test_moving_one_pin_keeps_the_others_of_the_id(tmp_path: Path) -> None:
    """An id started two ways (a remote here, a package there) keeps the pin whose probe did
    not run; a package of a similar name is not taken for another version."""
    remote = Launch("http", url="https://mcp.example/mcp")
    pins = {
        "srv": {
            "url:https://mcp.example/mcp": pinning.pin_now(result(remote, ECHO)),
            "npm:@acme/srv-extra@1.0.0": pinning.pin_now(result(NPX, ECHO)),
            "npm:@acme/srv@1.2.0": pinning.pin_now(result(NPX, ECHO)),
        }
    }
    newer = result(NPX._replace(args=("-y", "@acme/srv@1.3.0")), {**ECHO, "description": "x"})
    found = pinning.check(newer, pins, os.environ, tmp_path)
    assert found is not None and found.pinned_for == "npm:@acme/srv@1.2.0"
    table, _ = pinning.moved([found], pins)
    kept = ["npm:@acme/srv-extra@1.0.0", "npm:@acme/srv@1.3.0", "url:https://mcp.example/mcp"]
    assert sorted(table["srv"]) == kept
