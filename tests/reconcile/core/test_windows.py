"""Windows and macOS: aido without fcntl or /dev/tty, driven on Linux (tests/simwindows.py)."""

from __future__ import annotations

import ctypes
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.core import atomic, terminal
from aidokit.reconcile.core.atomic import TEMP_PREFIX, read_bytes, replace_file
from aidokit.reconcile.core.errors import LockError
from aidokit.reconcile.core.lock import lock_file
from tests.helpers import ONLY_CONTEXT7, aido, new_project
from tests.simwindows import fake_msvcrt, hide_posix

ROOT = Path(__file__).resolve().parents[3]
HIDE = "import sys\nfor name in ('fcntl', 'termios'): sys.modules[name] = None\n"
# The stand-in msvcrt locks with the real fcntl, so it is imported before fcntl is hidden.
SIMULATE = (
    f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
    "from tests.simwindows import fake_msvcrt\n"
    "sys.modules['msvcrt'] = fake_msvcrt()\n" + HIDE
)


def run_python(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `code` in a fresh interpreter (the one running the tests)."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )


def test_cli_imports_without_fcntl_or_termios() -> None:
    """`import aidokit.reconcile.cli.main` works where fcntl and termios do not exist."""
    out = run_python(HIDE + "import aidokit.reconcile.cli.main\nprint('ok')")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_plan_and_apply_run_without_fcntl_or_termios(tmp_path: Path) -> None:
    """`aido plan` then `aido apply --yes` run in an interpreter without fcntl and termios."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    code = SIMULATE + (
        "from aidokit.reconcile.cli import main as cli\n"
        "for argv in (['plan'], ['apply', '--yes']):\n"
        "    assert cli.main([*argv, '--project', sys.argv[1]]) == 0\n"
        "print(sorted(m for m in ('fcntl', 'termios') if sys.modules.get(m)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(project)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("[]")
    assert "context7" in json.loads((project / ".mcp.json").read_text())["mcpServers"]


def test_lock_uses_msvcrt_without_fcntl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without fcntl the per-file lock is msvcrt's byte lock: held, refused, released."""
    hide_posix(monkeypatch)
    calls: list[int] = []
    msvcrt = sys.modules["msvcrt"]
    real = msvcrt.locking
    monkeypatch.setattr(
        msvcrt, "locking", lambda fd, mode, n: calls.append(mode) or real(fd, mode, n)
    )
    monkeypatch.setenv("AIDO_LOCK_TIMEOUT", "0.1")
    path = tmp_path / ".mcp.json"
    held = pytest.raises(LockError, match="another aido run is editing")
    with lock_file(path), held, lock_file(path):
        pass
    with lock_file(path):
        pass
    assert calls[0] == msvcrt.LK_NBLCK and msvcrt.LK_UNLCK in calls


def test_msvcrt_lock_is_seen_by_another_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lock this process holds through msvcrt keeps a second aido process waiting."""
    hide_posix(monkeypatch)
    path = tmp_path / "config.toml"
    code = SIMULATE + (
        "from pathlib import Path\n"
        "from aidokit.reconcile.core.lock import lock_file\n"
        "from aidokit.reconcile.core.errors import LockError\n"
        "try:\n    with lock_file(Path(sys.argv[1])): print('took it')\n"
        "except LockError: print('waited')\n"
    )
    env = dict(os.environ, AIDO_LOCK_TIMEOUT="0.2")
    argv = [sys.executable, "-c", code, str(path)]
    with lock_file(path):
        held = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    free = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
    assert (held.stdout.strip(), free.stdout.strip()) == ("waited", "took it")


def test_write_without_fchmod_or_directory_fsync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without os.fchmod, os.geteuid and O_DIRECTORY (Windows) a write keeps the mode and bytes."""
    for name in ("fchmod", "geteuid", "O_DIRECTORY"):
        monkeypatch.delattr(os, name)
    path = tmp_path / "settings.json"
    path.write_bytes(b'{\r\n  "a": 1\r\n}\r\n')
    path.chmod(0o640)
    old = read_bytes(path)
    assert old is not None
    replace_file(path, old + b"\x1a", osfile_digest(path), create_parents=False)
    assert path.read_bytes() == b'{\r\n  "a": 1\r\n}\r\n\x1a'
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def osfile_digest(path: Path) -> str:
    """The digest replace_file expects for the file as it is now."""
    from aidokit.reconcile.core.atomic import current_digest

    return current_digest(path)


class FakeKernel32:
    """OpenProcess/GetExitCodeProcess/CloseHandle for one process with a set exit code."""

    def __init__(self, exists: bool, exit_code: int) -> None:
        self.exists = exists
        self.exit_code = exit_code
        self.closed = False

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:
        return 42 if self.exists else 0

    def GetExitCodeProcess(self, handle: int, code: Any) -> int:
        code._obj.value = self.exit_code
        return 1

    def CloseHandle(self, handle: int) -> int:
        self.closed = True
        return 1


@pytest.mark.parametrize(
    ("exists", "exit_code", "last_error", "alive"),
    [(True, 259, 0, True), (True, 0, 0, False), (False, 0, 87, False), (False, 0, 5, True)],
)
def test_windows_process_check_never_kills(
    exists: bool, exit_code: int, last_error: int, alive: bool
) -> None:
    """On Windows liveness comes from OpenProcess/GetExitCodeProcess, never os.kill."""
    kernel32 = FakeKernel32(exists, exit_code)
    assert atomic.alive_windows(7, kernel32, lambda: last_error) is alive
    assert kernel32.closed is exists
    assert isinstance(ctypes.c_ulong().value, int)


def test_leftover_temp_of_a_running_process_is_kept(tmp_path: Path) -> None:
    """Cleaning temp files asks whether the writer still runs: this process's leftover stays."""
    leftover = tmp_path / f"{TEMP_PREFIX}{os.getpid()}-abcd-x.json"
    dead = tmp_path / f"{TEMP_PREFIX}999999999-abcd-x.json"
    leftover.write_bytes(b"{}")
    dead.write_bytes(b"{}")
    (tmp_path / "x.json").write_bytes(b"{}")
    replace_file(
        tmp_path / "x.json", b"{ }", osfile_digest(tmp_path / "x.json"), create_parents=False
    )
    assert leftover.exists() and not dead.exists()


def pipe_device() -> tuple[Any, Any]:
    """A (read end, write end) pair of unbuffered binary files."""
    read_fd, write_fd = os.pipe()
    return open(read_fd, "rb", buffering=0), open(write_fd, "wb", buffering=0)


def test_terminal_reads_and_writes_separate_devices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Like CONIN$/CONOUT$, the answer comes from one device and the prompt goes to another."""
    hide_posix(monkeypatch)
    keys_in, keys = pipe_device()
    screen, screen_out = pipe_device()
    keys.write(b"my-api\r\n")
    term = terminal.Terminal(keys_in, screen_out)
    assert term.ask("Type 'my-api': ") == "my-api"
    term.close()
    assert screen.read() == b"Type 'my-api': "
    keys.close()
    screen.close()


def test_console_is_chosen_per_os() -> None:
    """/dev/tty on Linux and macOS, CONIN$ for answers and CONOUT$ for prompts on Windows."""
    assert terminal.Console("/dev/tty", "/dev/tty") == terminal.POSIX_CONSOLE
    assert terminal.Console("CONIN$", "CONOUT$") == terminal.WINDOWS_CONSOLE
    assert terminal.CONSOLE is (
        terminal.WINDOWS_CONSOLE if os.name == "nt" else terminal.POSIX_CONSOLE
    )


def test_missing_console_device_means_no_terminal(tmp_path: Path) -> None:
    """A console that cannot be opened gives no terminal (and creates no file)."""
    console = terminal.Console(str(tmp_path / "CONIN$"), str(tmp_path / "CONOUT$"))
    assert console.open() is None
    assert list(tmp_path.iterdir()) == []


def test_console_opens_a_real_terminal_device() -> None:
    """The POSIX console opener shows the prompt on, and reads the answer from, a pty by name."""
    import pty
    import threading

    main_fd, child_fd = pty.openpty()
    name = os.ttyname(child_fd)
    term = terminal.Console(name, name).open()
    assert term is not None

    def type_after_prompt() -> None:
        seen = b""
        while b"? " not in seen:
            seen += os.read(main_fd, 1024)
        os.write(main_fd, b"my-api\n")

    typist = threading.Thread(target=type_after_prompt, daemon=True)
    typist.start()
    assert term.ask("? ") == "my-api"
    typist.join(timeout=5)
    term.close()
    os.close(child_fd)
    os.close(main_fd)


@pytest.mark.slow
def test_plan_apply_suite_passes_as_simulated_windows() -> None:
    """Plan/apply, lifecycle, gate, write, transaction and undo suites pass without fcntl or tty."""
    suites = [
        "tests/scenarios/test_plan_apply.py",
        "tests/scenarios/test_lifecycle.py",
        "tests/reconcile/write/test_apply_intent.py",
        "tests/reconcile/gate/test_gate.py",
        "tests/reconcile/documents/test_documents_write.py",
        "tests/reconcile/write/test_undo.py",
        "tests/faults/test_transaction.py",
    ]
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "tests.simwindows", "-m", "not contract"]
    # Its writer is a child process the plugin does not reach, and the rest reads and
    # renders: under simulated Windows it would check what the normal run checks (1.8 s).
    same = "tests/reconcile/documents/test_documents_write.py::test_sigkilled_writer_"
    same += "leaves_old_or_new_file_never_a_mix"
    out = subprocess.run(
        [*argv, "-p", "no:cacheprovider", "--deselect", same, *suites],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout


def test_fake_msvcrt_refuses_a_held_byte(tmp_path: Path) -> None:
    """The stand-in msvcrt raises like the real one when the byte is locked elsewhere."""
    msvcrt = fake_msvcrt()
    first = os.open(tmp_path / "l", os.O_RDWR | os.O_CREAT)
    second = os.open(tmp_path / "l", os.O_RDWR)
    msvcrt.locking(first, msvcrt.LK_NBLCK, 1)
    with pytest.raises(PermissionError):
        msvcrt.locking(second, msvcrt.LK_NBLCK, 1)
    msvcrt.locking(first, msvcrt.LK_UNLCK, 1)
    msvcrt.locking(second, msvcrt.LK_NBLCK, 1)
    os.close(first)
    os.close(second)


@pytest.fixture
def windows_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """Host.current describes a Windows machine (paths and environment stay the sandbox's)."""
    from dataclasses import replace

    from aidokit.adapters.base import Host

    current = Host.current
    monkeypatch.setattr(Host, "current", lambda project: replace(current(project), os="win32"))


def user_aido_toml(project: Path, text: str) -> None:
    """The user-scope desired state, where aido looks for it on this (simulated) host."""
    from aidokit.adapters.base import Host
    from aidokit.reconcile.read.choices.layers import user_config_path

    path = user_config_path(Host.current(project))  # %APPDATA%\\aido\\aido.toml on Windows
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_windows_plan_wraps_npx_for_claude_only(
    tmp_path: Path, windows_host: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """On Windows Claude Code's own file gets `cmd /c npx ...`; Cursor's plain npx."""
    project = new_project(tmp_path)
    user_aido_toml(project, 'adapters = ["claude-code", "cursor"]\n')
    (Path.home() / ".cursor").mkdir()
    assert aido(project, "plan", "--json", "--scope", "user") == 0
    files = {f["adapter"]: f for f in json.loads(capsys.readouterr().out)["files"]}
    after = {f: {c["name"]: c["after"] for c in files[f]["changes"]} for f in files}
    wrapped = after["claude-code"]["sequential-thinking"]
    assert wrapped["command"] == "cmd" and wrapped["args"][:2] == ["/c", "npx"]
    assert after["cursor"]["sequential-thinking"]["command"] == "npx"
    assert "command" not in after["claude-code"]["context7"]  # remote entries are untouched


def test_windows_project_file_stays_portable_with_a_note(
    tmp_path: Path, windows_host: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shared .mcp.json keeps plain npx (cmd is Windows-only); a note says how to get it."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    assert aido(project, "plan", "--json") == 0
    (file,) = json.loads(capsys.readouterr().out)["files"]
    after = {c["name"]: c["after"] for c in file["changes"]}
    assert after["sequential-thinking"]["command"] == "npx"
    assert any("cmd /c" in note and "--scope local" in note for note in file["notes"])


def test_windows_apply_converges_and_keeps_ownership(
    tmp_path: Path, windows_host: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrapped entry aido wrote is recognised as its own: the next plan has no changes."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    # One person's server (local scope holds only a person's additions, issue 49).
    (project / "aido.local.toml").write_text('[mcp]\nadd = ["sequential-thinking"]\n')
    assert aido(project, "apply", "--yes", "--scope", "local") == 0
    state = json.loads((Path.home() / ".claude.json").read_text())
    servers = state["projects"][str(project.resolve())]["mcpServers"]
    assert servers["sequential-thinking"]["command"] == "cmd"
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "local") == 0
    assert "No changes." in capsys.readouterr().out


def test_cmd_c_wrapper_is_transparent_to_identity() -> None:
    """`cmd /c npx pkg` is the same server as `npx pkg`; uvx and node are never wrapped."""
    from aidokit.adapters.common import command_identity
    from aidokit.adapters.render import shell_wrapped

    plain = {"type": "stdio", "command": "npx", "args": ["-y", "pkg@1"], "env": {"A": "1"}}
    wrapped = shell_wrapped(plain)
    assert list(wrapped) == list(plain) and wrapped["args"] == ["/c", "npx", "-y", "pkg@1"]
    assert command_identity(wrapped["command"], wrapped["args"]) == "npx pkg@1"
    assert command_identity("CMD.EXE", ["/C", "npx", "-y", "pkg@1"]) == "npx pkg@1"
    for command in ("uvx", "node", "docker"):
        entry = {"command": command, "args": ["x"]}
        assert shell_wrapped(entry) is entry


def test_windows_saved_plan_applies_without_a_confirmation(
    tmp_path: Path, windows_host: None
) -> None:
    """A saved plan holding `cmd /c npx` entries re-derives as routine: no confirmation needed."""
    project = new_project(tmp_path)
    user_aido_toml(project, 'adapters = ["claude-code"]\n')
    saved = tmp_path / "plan.json"
    assert aido(project, "plan", "--out", str(saved), "--scope", "user") == 0
    assert aido(project, "apply", str(saved), "--yes", "--scope", "user") == 0
    servers = json.loads((Path.home() / ".claude.json").read_text())["mcpServers"]
    assert servers["sequential-thinking"]["args"][:2] == ["/c", "npx"]
