"""aido.lock, `aido outdated`, `aido upgrade` and `--frozen` (issue 19), through the CLI."""

from __future__ import annotations

import dataclasses
import http.server
import json
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest

from aidokit.adapters import resolved
from aidokit.catalog import entries
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import MCPDef, everywhere, npx, uvx
from aidokit.reconcile.read.choices.lockfile import (
    LOCK_NAME,
    Lock,
    load_lock,
    locked_from,
    render_lock,
)
from tests.helpers import aido, new_project, saved_plan

DOCS = Path(__file__).resolve().parents[3] / "docs" / "schemas"
TOML = (
    'adapters = ["claude-code"]\n[mcp]\nadd = ["memory", "git"]\n'
    'skip = ["sequential-thinking", "context7"]\n'
)
MEMORY_A = "@modelcontextprotocol/server-memory@2026.8.31"
MEMORY_B = "@modelcontextprotocol/server-memory@2099.1.1"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path, TOML)


def catalog_with(**install: MCPDef) -> tuple[MCPDef, ...]:
    """The real catalog with some entries replaced (a newer aido's catalog)."""
    return tuple(install.get(entry.id.replace("-", "_"), entry) for entry in MCP_CATALOG)


def memory_pinned(package: str) -> MCPDef:
    """The memory entry pinned to `package`, keyed by adapter names as a plan sees it."""
    entry = next(e for e in MCP_CATALOG if e.id == "memory")
    (pinned,) = resolved((dataclasses.replace(entry, install=everywhere(npx(package, net=False))),))
    return pinned


def lock_of(project: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((project / LOCK_NAME).read_text())
    return data


def memory_args(project: Path) -> list[str]:
    servers = json.loads((project / ".mcp.json").read_text())["mcpServers"]
    args: list[str] = servers["memory"]["args"]
    return args


def test_two_versions_converge_then_upgrade(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lock at A; a catalog at B converges, lists it outdated, plans and applies the upgrade."""
    assert aido(project, "apply", "--yes") == 0
    assert memory_args(project) == ["-y", MEMORY_A]
    assert f"npm:{MEMORY_A}" in json.dumps(lock_of(project))
    files = {p: p.read_bytes() for p in (project / ".mcp.json", project / LOCK_NAME)}

    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(memory=memory_pinned(MEMORY_B)))
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode", "--frozen") == 0
    assert "No changes" in capsys.readouterr().out
    assert aido(project, "outdated", "--json") == 0
    rows = json.loads(capsys.readouterr().out)["outdated"]
    assert rows == [
        {
            "id": "memory",
            "locked": [f"npm:{MEMORY_A}"],
            "catalog": [f"npm:{MEMORY_B}"],
            "latest": [],
            "note": "",
        }
    ]
    assert aido(project, "outdated", "--exit-code") == 2  # something is outdated (issue 32 §6)
    assert aido(project, "upgrade", "--frozen") == 1
    assert "would change" in capsys.readouterr().err
    assert {p: p.read_bytes() for p in files} == files

    assert aido(project, "upgrade", "--yes") == 0
    out = capsys.readouterr().out
    assert f"~ memory  (update: upgrade: npm:{MEMORY_A} -> npm:{MEMORY_B})" in out
    assert f"~ memory: npm:{MEMORY_A} -> npm:{MEMORY_B}" in out  # the lock section
    assert memory_args(project) == ["-y", MEMORY_B]
    assert aido(project, "upgrade", "--frozen") == 0
    assert aido(project, "plan", "--frozen", "--detailed-exitcode") == 0
    capsys.readouterr()
    assert aido(project, "outdated") == 0
    assert "nothing is outdated" in capsys.readouterr().out
    assert aido(project, "outdated", "--exit-code") == 0


def test_upgrade_named_ids_moves_only_those(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido upgrade git` leaves memory at its locked version."""
    assert aido(project, "apply", "--yes") == 0
    git_b = dataclasses.replace(
        next(e for e in MCP_CATALOG if e.id == "git"),
        install=everywhere(uvx("mcp-server-git==2099.1.1", net=False)),
    )
    newer = catalog_with(memory=memory_pinned(MEMORY_B), git=git_b)
    monkeypatch.setattr(entries, "MCP_CATALOG", newer)
    assert aido(project, "upgrade", "git", "--yes") == 0
    assert memory_args(project) == ["-y", MEMORY_A]
    text = json.dumps(lock_of(project))
    assert "pypi:mcp-server-git==2099.1.1" in text and f"npm:{MEMORY_A}" in text
    capsys.readouterr()
    assert aido(project, "upgrade", "nosuch") == 1
    assert "has no entry 'nosuch'" in capsys.readouterr().err


def test_frozen_fails_when_aido_toml_adds_an_unlocked_entry(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An entry added to aido.toml without committing the lock fails --frozen, writing nothing."""
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(TOML.replace('"memory", "git"', '"memory", "git", "time"'))
    before = (project / ".mcp.json").read_bytes()
    capsys.readouterr()
    assert aido(project, "apply", "--yes", "--frozen") == 1
    err = capsys.readouterr().err
    assert "aido.lock would change (+ time: pypi:mcp-server-time==" in err
    assert (project / ".mcp.json").read_bytes() == before
    assert aido(project, "plan", "--frozen") == 1


def test_frozen_fails_without_a_lock(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--frozen on a project that never wrote its lock is an error, not a pass."""
    assert aido(project, "plan", "--frozen") == 1
    assert "would change" in capsys.readouterr().err
    assert not (project / LOCK_NAME).exists()


def test_lock_is_stable_and_matches_its_schema(project: Path) -> None:
    """A second apply leaves the lock byte-identical; it validates against its JSON Schema."""
    assert aido(project, "apply", "--yes") == 0
    first = (project / LOCK_NAME).read_bytes()
    assert aido(project, "apply", "--yes") == 0
    assert (project / LOCK_NAME).read_bytes() == first
    schema = json.loads((DOCS / "aido-lock.schema.json").read_text())
    jsonschema.validate(json.loads(first), schema)
    assert list(lock_of(project)["entries"]) == ["git", "memory"]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format_version=4), "written by a newer aido"),
        (lambda d: d["entries"]["memory"].update(digest="sha256:" + "0" * 64), "edited by hand"),
        (lambda d: d["entries"]["memory"].update(source="elsewhere"), "unknown source"),
        (lambda d: d["entries"]["memory"].update(install={}), "no install specs"),
        (lambda d: d.update(extra=1), "not a valid aido lock"),
    ],
)
def test_bad_lock_is_one_sentence_and_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str], edit: object, message: str
) -> None:
    """A lock aido cannot trust stops plan and apply with one sentence naming the file."""
    assert aido(project, "apply", "--yes") == 0
    data = lock_of(project)
    edit(data)  # type: ignore[operator]
    (project / LOCK_NAME).write_text(json.dumps(data))
    files = {p: p.read_bytes() for p in (project / ".mcp.json", project / LOCK_NAME)}
    capsys.readouterr()
    for command in (("plan",), ("apply", "--yes"), ("outdated",), ("upgrade", "--yes")):
        assert aido(project, *command) == 1
        err = capsys.readouterr().err
        assert message in err and LOCK_NAME in err and err.count("\n") == 1
    assert {p: p.read_bytes() for p in files} == files


def test_lock_that_is_not_json_is_an_error(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Garbage in aido.lock is refused with the fix, and the lock stays byte-identical."""
    (project / LOCK_NAME).write_bytes(b"\xff{not json")
    assert aido(project, "plan") == 1
    assert "is not valid JSON" in capsys.readouterr().err
    assert (project / LOCK_NAME).read_bytes() == b"\xff{not json"


def test_lock_pinning_another_package_needs_confirmation(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lock edited to run a package the catalog does not ship is treated as sensitive."""
    assert aido(project, "apply", "--yes") == 0
    lock = load_lock(project / LOCK_NAME)
    assert lock is not None
    # The digest is no signature: whoever edits the lock can recompute it.
    evil = locked_from(memory_pinned("evil-package@1.0.0"), "catalog")
    (project / LOCK_NAME).write_text(render_lock(Lock({**lock.entries, "memory": evil})))
    capsys.readouterr()
    assert aido(project, "plan", "--json") == 0
    plan = json.loads(capsys.readouterr().out)
    (change,) = [c for f in plan["files"] for c in f["changes"] if c["name"] == "memory"]
    assert change["sensitive"] is True
    assert aido(project, "apply", "--yes") == 1  # no terminal: a typed confirmation is impossible
    assert memory_args(project) == ["-y", MEMORY_A]


def test_no_aido_toml_means_no_lock(tmp_path: Path) -> None:
    """Without aido.toml apply keeps no lock (there is nothing to commit it beside)."""
    project = new_project(tmp_path)
    (project / ".mcp.json").write_text("{}")
    assert aido(project, "apply", "--yes", "--adapter", "claude-code") == 0
    assert not (project / LOCK_NAME).exists()


LATEST = {
    "/@modelcontextprotocol%2Fserver-memory": {"dist-tags": {"latest": "2099.9.9"}},
    "/pypi/mcp-server-git/json": {"info": {"version": "2026.10.19"}},
}


class _Registry(http.server.BaseHTTPRequestHandler):
    """A fake npm registry and PyPI JSON API: latest versions from a table."""

    def do_GET(self) -> None:
        body = LATEST.get(self.path)
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps(body or {}).encode())

    def log_message(self, *args: object) -> None:
        """Keep the test output quiet."""


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Registry)
    # shutdown() waits for the loop to look again: every 50 ms, not the default 0.5 s.
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setenv("AIDO_NPM_REGISTRY", base)
    monkeypatch.setenv("AIDO_PYPI_URL", base)
    yield base
    server.shutdown()
    server.server_close()


def test_outdated_registry_lists_newer_published_versions(
    project: Path, registry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """--registry asks the (fake, local) registries and lists only packages with a newer release."""
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "outdated", "--registry", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    schema = json.loads((DOCS / "outdated.schema.json").read_text())
    jsonschema.validate(doc, schema)
    assert doc["outdated"] == [
        {
            "id": "memory",
            "locked": [f"npm:{MEMORY_A}"],
            "catalog": [],
            "latest": ["npm:@modelcontextprotocol/server-memory@2099.9.9"],
            "note": "",
        }
    ]
    assert aido(project, "outdated", "--registry") == 0
    assert "latest:  npm:@modelcontextprotocol/server-memory@2099.9.9" in capsys.readouterr().out


def test_outdated_registry_offline_is_one_clear_sentence(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no registry reachable, --registry fails fast saying so and how to go on."""
    assert aido(project, "apply", "--yes") == 0
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("AIDO_NPM_REGISTRY", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("AIDO_PYPI_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setenv("AIDO_REGISTRY_TIMEOUT", "2")
    capsys.readouterr()
    assert aido(project, "outdated", "--registry") == 1
    err = capsys.readouterr().err
    assert "you may be offline" in err and "without --registry" in err
    assert aido(project, "outdated") == 0


def test_saved_plan_writes_the_lock_and_a_moved_lock_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`apply plan.json` writes the lock it saved; a plan aimed at another lock path is refused."""
    saved, data = saved_plan(project)
    assert data["lock"]["path"] == str(project / LOCK_NAME)
    moved = project.parent / "moved.json"
    data["lock"]["path"] = str(project.parent / "elsewhere.lock")
    moved.write_text(json.dumps(data))
    capsys.readouterr()
    assert aido(project, "apply", str(moved)) == 1
    assert not (project.parent / "elsewhere.lock").exists()
    assert not (project / LOCK_NAME).exists()
    assert aido(project, "apply", str(saved)) == 0
    assert list(lock_of(project)["entries"]) == ["git", "memory"]  # type: ignore[call-overload]


def test_lock_that_is_not_a_regular_file_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A FIFO named aido.lock is refused at once (no hang), naming the file."""
    os.mkfifo(project / LOCK_NAME)
    assert aido(project, "plan") == 1
    assert LOCK_NAME in capsys.readouterr().err


def test_a_catalog_that_only_gains_adapters_does_not_move_the_lock(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lock from an aido that knew fewer harnesses stays frozen-clean under a newer aido."""
    memory = next(e for e in MCP_CATALOG if e.id == "memory")
    older = dataclasses.replace(
        memory, install={k: v for k, v in memory.install.items() if k != "zed"}
    )
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(memory=older))
    assert aido(project, "apply", "--yes") == 0
    monkeypatch.setattr(entries, "MCP_CATALOG", MCP_CATALOG)
    capsys.readouterr()
    assert aido(project, "plan", "--frozen", "--detailed-exitcode") == 0
    assert aido(project, "outdated") == 0
    assert "nothing is outdated" in capsys.readouterr().out
    assert aido(project, "outdated", "--exit-code") == 0
    # The compact lock's `*` covers the new harness with the spec the others share: even
    # upgrade has nothing to move, and zed renders from the lock.
    locked = (project / LOCK_NAME).read_bytes()
    assert aido(project, "upgrade", "--yes") == 0
    assert (project / LOCK_NAME).read_bytes() == locked
    assert "zed" not in locked.decode()


def test_saved_plan_with_an_edited_lock_writes_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved plan whose lock text was edited (digest no longer matching) writes no file."""
    saved, data = saved_plan(project)
    data["lock"]["text"] = data["lock"]["text"].replace("server-memory@", "server-evil@")
    saved.write_text(json.dumps(data))
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    assert "edited by hand" in capsys.readouterr().err
    assert not (project / ".mcp.json").exists() and not (project / LOCK_NAME).exists()


def test_outdated_tells_wanted_from_latest_and_which_command_moves_which(
    project: Path,
    registry: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Locked at A, the catalog at B (wanted), npm at 2099.9.9 (latest): outdated names
    both, says `aido upgrade memory` moves the lock to B and that only a newer aido or a
    custom server reaches the latest (issue 54 item 3)."""
    assert aido(project, "apply", "--yes") == 0
    monkeypatch.setattr(entries, "MCP_CATALOG", catalog_with(memory=memory_pinned(MEMORY_B)))
    capsys.readouterr()
    assert aido(project, "outdated", "--registry") == 0
    out = capsys.readouterr().out
    assert f"  locked:  npm:{MEMORY_A}" in out
    assert f"  wanted:  npm:{MEMORY_B}  (this aido's catalog)" in out
    assert "  latest:  npm:@modelcontextprotocol/server-memory@2099.9.9  (the registry)" in out
    assert "`aido upgrade memory` moves aido.lock" in out
    assert "a newer aido (pip install -U aidokit)" in out and "[custom.memory]" in out


def test_upgrade_says_why_it_moves_nothing(
    project: Path, registry: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lock holds the catalog's pin and npm has a newer release: outdated lists it, and
    upgrade says the catalog pins what the lock holds and what would move it."""
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "outdated", "--registry") == 0
    out = capsys.readouterr().out
    assert "wanted:" not in out  # the lock is at the catalog's pin
    assert "`aido upgrade` cannot reach it" in out
    assert aido(project, "upgrade", "memory", "--yes") == 0
    out = capsys.readouterr().out
    assert "aido.lock already holds this aido's catalog pins for memory" in out
    assert "pip install -U aidokit" in out and "[custom.memory]" in out
    assert aido(project, "upgrade", "--yes") == 0
    assert "catalog pins for every locked entry" in capsys.readouterr().out
