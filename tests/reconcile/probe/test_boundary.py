"""`aido doctor --probe` behind the trust boundary (SPEC §7, issue 48 item 3).

Values of variables are never printed; strings from files never start a line
with a GitHub workflow command (`::add-mask::`); one deadline covers every
request, OAuth discovery included; the entry's credentials go only to its own
origin; a signal to aido ends the server's whole process group; a package aido
vouches for runs with the user's package manager configuration, not the
project's; the tool cache is bounded, validated and private.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.probe import tool_cache
from aidokit.reconcile.probe.confirm import describe
from aidokit.reconcile.probe.render import render_probes
from aidokit.reconcile.probe.targets import Probe, Result, Status, Use, probes_of
from aidokit.reconcile.read import tool_lists as tools
from aidokit.reconcile.read.world import gather, read_world
from aidokit.reconcile.show.doctor import Finding, Severity
from aidokit.reconcile.show.doctor_text import render_findings
from tests.reconcile.probe.helpers import START, alive, by_id, claude_project, free_port, probe

Capture = pytest.CaptureFixture[str]
SECRET = "s3cr3t-value-never-shown"


def probes(project: Path) -> list[Probe]:
    return probes_of(read_world(gather(project, scope="project", only=["claude-code"])))


def text_probe(project: Path, capsys: Capture, *argv: str) -> str:
    capsys.readouterr()
    main(["doctor", "--probe", *argv, "--project", str(project)])
    captured = capsys.readouterr()
    return captured.out + captured.err


# ---- values: names only ---------------------------------------------------------------


def test_values_of_variables_never_show(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `${VAR}` in the command, the args or the URL is shown as written, never its value:
    in the missing-launcher finding, the timeout and unreachable errors and the prompt."""
    monkeypatch.setenv("AIDO_SECRET_DIR", f"/opt/{SECRET}")
    monkeypatch.setenv("AIDO_SECRET_TOKEN", SECRET)
    closed = f"http://127.0.0.1:{free_port()}/${{AIDO_SECRET_TOKEN}}/mcp"
    servers = {
        "pkg": {"command": "${AIDO_SECRET_DIR}/npx", "args": ["--token=${AIDO_SECRET_TOKEN}"]},
        "web": {"type": "http", "url": closed},
    }
    project = claude_project(tmp_path, servers)
    code, doc = probe(project, capsys, "--timeout", "5")
    found = by_id(doc)
    assert code == 1
    assert found["pkg"]["status"] == "missing-launcher"
    assert "${AIDO_SECRET_DIR}/npx" in found["pkg"]["error"]
    assert found["web"]["status"] == "failed" and "${AIDO_SECRET_TOKEN}" in found["web"]["error"]
    assert SECRET not in json.dumps(doc)
    assert SECRET not in text_probe(project, capsys, "--timeout", "5")
    (tmp_path / "other").mkdir()
    unconfirmed = claude_project(tmp_path / "other", servers, confirm=False)
    for each in probes(unconfirmed):
        shown = describe(each)
        assert SECRET not in shown and "AIDO_SECRET" in shown


def test_a_server_printing_its_token_shows_it_redacted(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stderr a failed server leaves never shows the value the entry gave it."""
    monkeypatch.setenv("AIDO_SECRET_TOKEN", SECRET)
    entry = {"command": "/bin/sh", "args": ["-c", 'echo "token is $TOKEN" >&2; exit 3'],
             "env": {"TOKEN": "${AIDO_SECRET_TOKEN}"}}  # fmt: skip
    project = claude_project(tmp_path, {"leaky": entry})
    code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert code == 1 and item["status"] == "failed", item
    assert item["stderr"] == ["token is <redacted>"]
    assert SECRET not in json.dumps(doc)


# ---- strings from files: no workflow command, no terminal control ------------------------

HOSTILE = st.text(alphabet=st.sampled_from(list(":\n\r\t \x1b\x07\x85\u2028\u202e#[a-z")))
NAMES = st.one_of(HOSTILE, HOSTILE.map(lambda s: "::" + s), HOSTILE.map(lambda s: " \t::" + s))


def safe_lines(text: str) -> None:
    """No line begins (after blanks) with `::`, and nothing but newlines is a control."""
    for line in text.split("\n"):
        assert not line.lstrip().startswith("::"), line
        assert line.isprintable() or all(c.isprintable() for c in line), repr(line)


def _probe_named(name: str, file: str = ".mcp.json") -> Probe:
    from aidokit.adapters.launch import Launch

    launch = Launch("stdio", command=name, args=(name,), shown=(name, name))
    use = Use("claude-code", file, name, name, "aido did not write it", (None, None))  # type: ignore[arg-type]
    return Probe(launch, (use,))


@settings(max_examples=200, deadline=None)
@given(name=NAMES, error=NAMES, stderr=st.lists(NAMES, max_size=3))
def test_no_output_line_starts_with_a_workflow_command(
    name: str, error: str, stderr: list[str]
) -> None:
    """The table, the errors, a server's stderr, the prompt and doctor's findings: a name
    from a file never begins a line with `::` nor sends a control character."""
    each = _probe_named(name, file=name)
    result = Result(each, Status.FAILED, error=error, stderr=tuple(stderr))
    safe_lines(render_probes([result, Result(each, Status.OK, (name,))]))
    safe_lines(describe(each))
    finding = Finding(Severity.WARNING, "launcher", name, error)
    for width in (None, 20, 80):
        safe_lines(render_findings([finding], width=width))


def test_a_workflow_command_named_entry_is_escaped_end_to_end(
    tmp_path: Path, capsys: Capture
) -> None:
    """An entry named `::add-mask::x` is shown, but never at the start of a line."""
    project = claude_project(tmp_path, {"::add-mask::x": {"command": "aido-none"}}, confirm=False)
    out = text_probe(project, capsys)
    assert "add-mask" in out
    safe_lines(out)


# ---- remote: one deadline, credentials to their origin ---------------------------------


@contextmanager
def http(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """`handler` served on 127.0.0.1 in threads: its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Quiet(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        return None


def denying(metadata: str) -> type[BaseHTTPRequestHandler]:
    """An MCP endpoint answering 401 that points at `metadata` (RFC 9728)."""

    class Deny(Quiet):
        def _deny(self) -> None:
            self.send_response(401)
            self.send_header("WWW-Authenticate", f'Bearer resource_metadata="{metadata}"')
            self.send_header("Content-Length", "0")
            self.end_headers()

        do_GET = do_POST = do_DELETE = _deny

    return Deny


class Trickle(Quiet):
    """Protected-resource metadata that comes one byte at a time, forever."""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            for _ in range(600):
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.2)
        except OSError:
            return


def test_one_deadline_covers_oauth_discovery(tmp_path: Path, capsys: Capture) -> None:
    """Metadata that trickles a byte at a time cannot hold the probe past its deadline."""
    with (
        http(Trickle) as slow,
        http(denying(slow + "/.well-known/oauth-protected-resource")) as mcp,
    ):
        project = claude_project(tmp_path, {"login": {"type": "http", "url": mcp + "/mcp"}})
        start = time.monotonic()
        code, doc = probe(project, capsys, "--timeout", "3")
        took = time.monotonic() - start
    (item,) = doc["probes"]
    assert took < 8, (took, item)
    assert item["status"] in ("timeout", "failed") and code == 1, item


def test_credentials_go_only_to_the_entry_s_origin(tmp_path: Path, capsys: Capture) -> None:
    """The entry's Authorization header is not sent to the metadata's other origin."""
    seen: list[str | None] = []

    class Other(Quiet):
        def do_GET(self) -> None:
            seen.append(self.headers.get("Authorization"))
            body = json.dumps({"resource": "x", "authorization_servers": ["https://as.test"]})
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())

    with http(Other) as other, http(denying(other + "/.well-known/meta")) as mcp:
        entry = {"type": "http", "url": mcp + "/mcp", "headers": {"Authorization": "Bearer t0k"}}
        project = claude_project(tmp_path, {"login": entry})
        code, doc = probe(project, capsys, "--timeout", START)
    (item,) = doc["probes"]
    assert seen and code == 0, item  # the metadata was asked for
    assert seen == [None] * len(seen)
    assert item["status"] == "needs-auth", item


# ---- signals end the server's process group --------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_to_aido_ends_the_server_s_process_group(
    tmp_path: Path, signum: signal.Signals
) -> None:
    """SIGTERM, SIGHUP or SIGINT to `aido doctor --probe` ends the server (deaf to SIGTERM)
    and its child, and aido itself."""
    from tests.reconcile.probe.helpers import stdio

    pids = tmp_path / "pids"
    project = claude_project(tmp_path, {"hang": stdio("hang", env={"PIDS_FILE": str(pids)})})
    aido = subprocess.Popen(
        [sys.executable, "-m", "aidokit.reconcile", "doctor", "--probe", "--timeout", "120",
         "--project", str(project)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (pids.exists() and pids.read_text("utf-8").endswith("\n")):
            assert time.monotonic() < deadline and aido.poll() is None
            time.sleep(0.1)
        server, child = (int(pid) for pid in pids.read_text("utf-8").split())
        aido.send_signal(signum)
        aido.wait(timeout=20)
        deadline = time.monotonic() + 10
        while (alive(server) or alive(child)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(server) and not alive(child)
    finally:
        aido.kill()
        aido.wait()
        for pid in (int(p) for p in pids.read_text("utf-8").split()) if pids.exists() else ():
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


# ---- a vouched package runs with the user's package manager configuration ----------------


def recording() -> tuple[type[BaseHTTPRequestHandler], list[str]]:
    asked: list[str] = []

    class Registry(Quiet):
        def do_GET(self) -> None:
            asked.append(self.path)
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

    return Registry, asked


@pytest.mark.slow
def test_a_vouched_npx_package_ignores_the_project_npmrc(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalog entry aido wrote runs through the user's registry, never the one a committed
    `.npmrc` names (nor a `node_modules/.bin` the project ships)."""
    project_handler, project_asked = recording()
    user_handler, user_asked = recording()
    with http(project_handler) as planted, http(user_handler) as mine:
        userconfig = tmp_path / "user-npmrc"
        userconfig.write_text(f"registry={mine}/\n", "utf-8")
        monkeypatch.setenv("npm_config_userconfig", str(userconfig))
        monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))
        monkeypatch.delenv("npm_config_registry", raising=False)
        project = tmp_path / "proj"
        project.mkdir()
        (project / "aido.toml").write_text(
            'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n', "utf-8"
        )
        capsys.readouterr()
        assert main(["apply", "--yes", "--project", str(project)]) == 0
        (project / ".npmrc").write_text(f"registry={planted}/\n", "utf-8")
        (project / "package.json").write_text('{"name": "x", "version": "1.0.0"}\n', "utf-8")
        code, doc = probe(project, capsys, "--timeout", "30")
    item = by_id(doc)["memory"]
    assert item["status"] == "failed" and code == 1, item
    assert project_asked == [] and user_asked, (project_asked, user_asked)


def test_a_vouched_package_runs_outside_the_project(tmp_path: Path) -> None:
    """The job of a package launcher aido vouches for runs in a folder outside the project,
    with no project configuration of npm, uv or pip reaching it."""
    from aidokit.adapters.launch import Launch
    from aidokit.reconcile.probe.prepare import Settings, prepare
    from aidokit.reconcile.probe.targets import Job

    project = tmp_path / "proj"
    project.mkdir()
    for command, args in (("npx", ("-y", "pkg@1")), ("uvx", ("pkg==1",))):
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir(exist_ok=True)
        (bin_dir / command).write_text("#!/bin/sh\n", "utf-8")
        (bin_dir / command).chmod(0o755)
        launch = Launch("stdio", command=command, args=args, env=(("PATH", str(bin_dir)),),
                        shown=(command, *args))  # fmt: skip
        use = Use("claude-code", ".mcp.json", "p", "p", None, (None, None))  # type: ignore[arg-type]
        job = prepare(Probe(launch, (use,)), Settings(project, False, lambda *_: False))
        assert isinstance(job, Job)
        assert job.launch.cwd is not None
        assert not Path(job.launch.cwd).resolve().is_relative_to(project.resolve())
        env = dict(job.launch.env)
        if command == "uvx":
            assert env.get("UV_NO_CONFIG") is None or env.get("UV_NO_CONFIG") == "1"


# ---- the tool cache ----------------------------------------------------------------------


def test_the_tool_cache_keeps_only_valid_tool_names_within_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Names outside the MCP tool name grammar are not kept; the file stays under its size."""
    project = claude_project(tmp_path, {"r": {"type": "http", "url": "https://x.test/m"}},
                             confirm=False)  # fmt: skip
    (each,) = probes(project)
    names = ("ok_tool", "bad\nname", "::add-mask::x", "x" * 129, "", "dotted.name-1")
    result = Result(each, Status.OK, names, server="srv 1", schema_sizes=(1,) * len(names))
    tool_cache.remember([result], os.environ, project)
    kept = json.loads(tools.cache_path(os.environ).read_text("utf-8"))["servers"]["srv 1"]
    assert [t["name"] for t in kept["tools"]] == ["ok_tool", "dotted.name-1"]
    many = tuple(f"tool_{n}" for n in range(60_000))
    big = Result(each, Status.OK, many, server="srv 2", schema_sizes=(1,) * len(many))
    tool_cache.remember([big], os.environ, project)
    assert tools.cache_path(os.environ).stat().st_size <= tools.MAX_BYTES
    assert tools.load(tools.cache_path(os.environ), project) != {}


def test_the_tool_cache_is_never_written_through_a_link_or_into_the_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A planted link in place of the cache, or a state folder inside the project: not written."""
    project = claude_project(tmp_path, {"r": {"type": "http", "url": "https://x.test/m"}},
                             confirm=False)  # fmt: skip
    (each,) = probes(project)
    result = Result(each, Status.OK, ("t",), server="srv", schema_sizes=(1,))
    victim = tmp_path / "victim"
    victim.write_text("mine\n", "utf-8")
    path = tools.cache_path(os.environ)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.symlink_to(victim)
    tool_cache.remember([result], os.environ, project)
    assert victim.read_text("utf-8") == "mine\n" and path.is_symlink()
    monkeypatch.setenv("XDG_STATE_HOME", str(project / ".state"))
    (project / ".state" / "aido").mkdir(parents=True, mode=0o700)
    tool_cache.remember([result], os.environ, project)
    assert not tools.cache_path(os.environ).exists()
