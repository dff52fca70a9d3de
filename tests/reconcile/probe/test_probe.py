"""`aido doctor --probe` against real servers started here: every status it reports."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.probe import run as command
from aidokit.reconcile.read.tool_lists import cache_path
from tests.reconcile.probe.helpers import (
    START,
    alive,
    by_id,
    claude_project,
    free_port,
    http_server,
    probe,
    stdio,
)
from tests.test_json_schemas import assert_valid

Capture = pytest.CaptureFixture[str]


@pytest.mark.slow
def test_a_working_server_lists_its_tools(tmp_path: Path, capsys: Capture) -> None:
    """ok: the SDK fixture answers initialize and tools/list; its tools are kept per version."""
    project = claude_project(tmp_path, {"fixture": stdio("ok")})
    code, doc = probe(project, capsys, "--timeout", START)
    assert_valid("doctor-probe", doc)
    (item,) = doc["probes"]
    assert code == 0, item
    assert (item["status"], item["tools"], item["error"]) == ("ok", ["echo", "add"], None)
    assert item["server"] == "aido-fixture 1.2.3" and item["adapters"] == ["claude-code"]
    cache = cache_path(os.environ)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o600
    kept = json.loads(cache.read_text("utf-8"))["servers"]["aido-fixture 1.2.3"]["tools"]
    assert [tool["name"] for tool in kept] == ["echo", "add"]
    assert all(tool["schema_chars"] > 0 for tool in kept)


@pytest.mark.slow
def test_crash_garbage_and_refused_are_failed(tmp_path: Path, capsys: Capture) -> None:
    """failed: a server that exits (its stderr shown), one that prints garbage, a closed port."""
    closed = f"http://127.0.0.1:{free_port()}/mcp"
    servers = {
        "crash": stdio("crash"),
        "garbage": stdio("garbage"),
        "closed": {"type": "http", "url": closed},
    }
    project = claude_project(tmp_path, servers)
    code, doc = probe(project, capsys, "--timeout", START, "--jobs", "3")
    assert_valid("doctor-probe", doc)
    found = by_id(doc)
    assert code == 1 and {item["status"] for item in doc["probes"]} == {"failed"}
    assert "exited before answering" in found["crash"]["error"]
    assert found["crash"]["stderr"] == ["fixture: cannot start, no config"]
    assert "Starting server... v1.0 ready!" in found["garbage"]["error"]
    assert "stdout" in found["garbage"]["error"]
    assert found["closed"]["error"].startswith("unreachable: http://127.0.0.1:")


@pytest.mark.slow
def test_a_hanging_server_times_out_and_its_process_group_is_killed(
    tmp_path: Path, capsys: Capture
) -> None:
    """timeout: no answer within --timeout; the server (deaf to SIGTERM) and its child are gone."""
    pids = tmp_path / "pids"
    project = claude_project(tmp_path, {"hang": stdio("hang", env={"PIDS_FILE": str(pids)})})
    start = time.monotonic()
    code, doc = probe(project, capsys, "--timeout", "8")
    (item,) = doc["probes"]
    assert code == 1 and item["status"] == "timeout", item
    assert "within 8 s" in item["error"] and item["stderr"] == ["fixture: waiting forever"]
    assert time.monotonic() - start < 30
    server, child = (int(pid) for pid in pids.read_text("utf-8").split())
    deadline = time.monotonic() + 5
    while (alive(server) or alive(child)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(server) and not alive(child)


def test_launcher_and_variables_are_checked_before_anything_runs(
    tmp_path: Path, capsys: Capture
) -> None:
    """missing-launcher and missing-env: named (never a value), reported without a confirmation."""
    servers = {
        "nolauncher": {"type": "stdio", "command": "aido-no-such-launcher", "args": ["x"]},
        "noenv": stdio("ok", env={"TOKEN": "${AIDO_PROBE_UNSET}", "OTHER": "${AIDO_PROBE_SET}"}),
    }
    project = claude_project(tmp_path, servers, confirm=False)
    os.environ["AIDO_PROBE_SET"] = "value-never-shown"
    try:
        code, doc = probe(project, capsys)
    finally:
        del os.environ["AIDO_PROBE_SET"]
    assert_valid("doctor-probe", doc)
    found = by_id(doc)
    assert code == 1
    assert found["nolauncher"]["status"] == "missing-launcher"
    assert "aido-no-such-launcher" in found["nolauncher"]["error"]
    assert found["noenv"]["status"] == "missing-env"
    assert "AIDO_PROBE_UNSET" in found["noenv"]["error"]
    assert "value-never-shown" not in json.dumps(doc) and "AIDO_PROBE_SET" not in json.dumps(doc)


def test_an_unconfirmed_entry_is_skipped_with_the_way_to_confirm(
    tmp_path: Path, capsys: Capture
) -> None:
    """skipped: an entry aido did not write runs only after a typed confirmation (none here)."""
    marker = tmp_path / "ran"
    entry = {"type": "stdio", "command": "/bin/sh", "args": ["-c", f"touch {marker}"]}
    project = claude_project(tmp_path, {"mine": entry}, confirm=False)
    code, doc = probe(project, capsys)
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "skipped"
    assert "aido did not write it" in item["error"] and "aido doctor --probe mine" in item["error"]
    assert not marker.exists()


def test_a_switched_off_entry_is_skipped(tmp_path: Path, capsys: Capture) -> None:
    """An entry its harness does not start (`disabled: true`) is skipped, never started."""
    marker = tmp_path / "ran"
    entry = {"command": "/bin/sh", "args": ["-c", f"touch {marker}"], "disabled": True}
    project = claude_project(tmp_path, {"off": entry})
    code, doc = probe(project, capsys)
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "skipped" and "switched off" in item["error"]
    assert not marker.exists()


def test_an_edited_entry_needs_a_new_confirmation(tmp_path: Path, capsys: Capture) -> None:
    """A confirmation is bound to the entry's exact content: edit it and it is skipped again."""
    marker = tmp_path / "ran"
    entry = {"type": "stdio", "command": "/bin/sh", "args": ["-c", "exit 0"]}
    project = claude_project(tmp_path, {"mine": entry})
    entry["args"] = ["-c", f"touch {marker}"]
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"mine": entry}}), "utf-8")
    code, doc = probe(project, capsys)
    assert code == 0 and doc["probes"][0]["status"] == "skipped" and not marker.exists()


def test_offline_npx_reports_not_cached(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--offline: npx may use its cache only; a package it has not cached is `skipped`."""
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "empty-npm-cache"))
    entry = {"type": "stdio", "command": "npx", "args": ["-y", "@aidokit/no-such-server@1.0.0"]}
    project = claude_project(tmp_path, {"pkg": entry})
    code, doc = probe(project, capsys, "--offline", "--timeout", START)
    (item,) = doc["probes"]
    assert item["status"] == "skipped", item
    assert item["error"].startswith("not cached") and code == 0


def test_offline_never_contacts_a_remote_server(tmp_path: Path, capsys: Capture) -> None:
    """--offline: a remote entry is skipped, not connected to."""
    project = claude_project(tmp_path, {"r": {"type": "http", "url": "http://127.0.0.1:9/m"}})
    code, doc = probe(project, capsys, "--offline")
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "skipped" and "--offline" in item["error"]


@pytest.mark.slow
def test_streamable_http_server_lists_its_tools(tmp_path: Path, capsys: Capture) -> None:
    """ok over streamable HTTP: the SDK fixture served on 127.0.0.1."""
    with http_server("http") as url:
        project = claude_project(tmp_path, {"web": {"type": "http", "url": url}})
        code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "ok", item
    assert item["tools"] == ["echo", "add"]


@pytest.mark.slow
def test_sse_server_lists_its_tools(tmp_path: Path, capsys: Capture) -> None:
    """ok over SSE: an entry of `type` sse is probed with the SDK's SSE client."""
    with http_server("sse") as url:
        project = claude_project(tmp_path, {"old": {"type": "sse", "url": url}})
        code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "ok", item
    assert item["tools"] == ["echo", "add"]


@pytest.mark.slow
def test_401_with_protected_resource_metadata_needs_auth(tmp_path: Path, capsys: Capture) -> None:
    """needs-auth: 401 whose WWW-Authenticate names the RFC 9728 metadata, which names a server."""
    with http_server("auth") as url:
        project = claude_project(tmp_path, {"login": {"type": "http", "url": url + "?key=s3"}})
        code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert_valid("doctor-probe", doc)
    assert code == 0 and item["status"] == "needs-auth", item
    assert "answered 401" in item["error"] and "s3" not in item["error"]


def test_named_ids_only_and_unknown_ids_are_an_error(tmp_path: Path, capsys: Capture) -> None:
    """`--probe ID` probes that entry only; an id no targeted file has is an error."""
    servers = {
        "a": {"type": "stdio", "command": "aido-no-a"},
        "b": {"type": "stdio", "command": "x"},
    }
    project = claude_project(tmp_path, servers, confirm=False)
    code, doc = probe(project, capsys, ids=("a",))
    assert code == 1 and [item["id"] for item in doc["probes"]] == ["a"]
    capsys.readouterr()
    assert main(["doctor", "--probe", "zzz", "--project", str(project)]) == 1
    assert "no entry 'zzz'" in capsys.readouterr().err


def test_without_the_sdk_it_says_how_to_install_it(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the optional `probe` extra, the error names the pip command."""
    monkeypatch.setattr(command, "sdk_installed", lambda: False)
    project = claude_project(tmp_path, {}, confirm=False)
    capsys.readouterr()
    assert main(["doctor", "--probe", "--project", str(project)]) == 1
    assert "pip install 'aidokit[probe]'" in capsys.readouterr().err


def test_text_table_names_server_harnesses_status_tools_time(
    tmp_path: Path, capsys: Capture
) -> None:
    """The text report: one row per server under SERVER STATUS TOOLS TIME HARNESSES, a summary."""
    project = claude_project(tmp_path, {"a": {"type": "stdio", "command": "aido-no-a"}})
    capsys.readouterr()
    assert main(["doctor", "--probe", "--project", str(project)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["SERVER", "STATUS", "TOOLS", "TIME", "HARNESSES"]
    assert out[1].split() == ["a", "missing-launcher", "-", "0.0s", "claude-code"]
    assert out[-1] == "Probe: 1 missing-launcher."


def test_other_commands_never_import_the_sdk(tmp_path: Path) -> None:
    """`aido plan` and plain `aido doctor` run without importing `mcp` (start-up unchanged)."""
    project = claude_project(tmp_path, {"a": stdio("ok")}, confirm=False)
    script = (
        "import sys\nfrom aidokit.reconcile.cli.main import main\n"
        f"main(['plan', '--project', {str(project)!r}])\n"
        f"main(['doctor', '--project', {str(project)!r}])\n"
        "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith(('mcp.', 'anyio'))))"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    assert found == "[]"


def test_progress_line_names_what_runs() -> None:
    """On a terminal, the progress line says how many are done and what runs, for how long."""
    import io

    stream = io.StringIO()
    command._progress(stream)({"github": 2.4, "context7": 0.2}, 1, 3)
    assert stream.getvalue() == "\r\x1b[Kprobing 1/3 done: github 2s, context7 0s"


def everything_server() -> Path:
    """`mcp-server-everything` as `make test` installs it (`make test-servers`)."""
    folder = os.environ.get("AIDO_TEST_SERVERS")
    default = Path(__file__).resolve().parents[3] / ".cache" / "test-servers" / "node_modules"
    path = Path(folder) if folder else default / ".bin"
    if not folder and not path.is_dir():
        pytest.skip("test servers not installed: `make test` installs them (make test-servers)")
    return path / "mcp-server-everything"


@pytest.mark.slow
def test_the_reference_everything_server_from_npm(tmp_path: Path, capsys: Capture) -> None:
    """@modelcontextprotocol/server-everything (pinned in the Makefile) lists its tools."""
    entry = {"type": "stdio", "command": str(everything_server()), "args": ["stdio"]}
    project = claude_project(tmp_path, {"everything": entry})
    code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert code == 0 and item["status"] == "ok", item
    assert item["server"].startswith("mcp-servers/everything ")
    assert "echo" in item["tools"] and len(item["tools"]) >= 5
