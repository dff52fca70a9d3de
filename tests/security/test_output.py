"""Every line aido prints goes through one escaping writer (issue 30, section 5).

Names and paths from a repository reach the terminal with their controls,
escapes and bidi characters shown as `\\x1b` / `\\u202e`, and a stdout that is
not UTF-8 (`PYTHONIOENCODING=latin-1`, `ascii`) gets `\\u65e5` instead of a
UnicodeEncodeError.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from aidokit.reconcile.cli.commands import COMMANDS
from aidokit.reconcile.cli.main import exit_status, main
from tests.security.cli import AIDO, TIMEOUT, unsafe_chars

# Server names a repository can commit: an OSC title escape, a bidi override,
# text outside latin-1, and latin-1 text outside ASCII.
HOSTILE = ["osc-\x1b]0;pwned\x07", "rtl-\u202eevil", "cjk-\u65e5\u672c", "latin-na\u00efve"]
FOLDER = "repo-\x1b[2J-\u202e-\u65e5"  # a project folder named like that too


def _project(tmp_path: Path) -> Path:
    """A project whose `.mcp.json` holds a hand-written server under each hostile name."""
    root = tmp_path / FOLDER
    root.mkdir()
    (root / "aido.toml").write_text(
        'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n', "utf-8"
    )
    servers = {
        name: {"command": "npx", "args": ["-y", f"pkg-{i}"]} for i, name in enumerate(HOSTILE)
    }
    (root / ".mcp.json").write_text(json.dumps({"mcpServers": servers}, indent=2), "utf-8")
    return root


# An argv for every command (the test below fails when a command is added without one).
ARGV = {
    "init": ["init", "--yes"],
    "plan": ["plan"],
    "apply": ["apply", "--yes"],
    "undo": ["undo", "--yes"],
    "upgrade": ["upgrade", "--yes"],
    "outdated": ["outdated"],
    "status": ["status"],
    "suggest": ["suggest"],
    "search": ["search", "github", HOSTILE[0]],
    "catalog": ["catalog", "list"],
    "adapters": ["adapters"],
    "adopt": ["adopt", HOSTILE[1], "--adapter", "claude-code"],
    "import": ["import", "--yes"],
    "remove": ["remove", "context7", "--yes"],
    "destroy": ["destroy", "--yes"],
    "schema": ["schema"],
    "mcp": ["mcp", "add", "context7"],
    "confirm": ["confirm", "context7"],
    "confirmations": ["confirmations"],
    "doctor": ["doctor"],
    "report": ["report", "."],
    "completion": ["completion", "bash"],
    "use": ["use", HOSTILE[0]],
    "forget": ["forget", HOSTILE[1], "--yes"],
}
EXTRA = [["undo", "--list"], ["plan", "--json"], ["status", "--json"], ["apply", "--yes"]]


def test_every_command_has_an_argv_here() -> None:
    """Each subcommand is exercised below."""
    assert set(ARGV) == {name for name, _ in COMMANDS}


@contextmanager
def _streams(encoding: str) -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    """stdout and stderr as strict `encoding` text streams over bytes, as a pipe would be."""
    raw = (io.BytesIO(), io.BytesIO())
    saved = (sys.stdout, sys.stderr)
    text = [io.TextIOWrapper(r, encoding=encoding, errors="strict") for r in raw]
    sys.stdout, sys.stderr = text
    try:
        yield raw
    finally:
        for stream in text:
            if not stream.closed:
                stream.flush()
                stream.detach()  # keep the bytes readable once the wrapper is collected
        sys.stdout, sys.stderr = saved


def _run(project: Path, argv: list[str], encoding: str) -> tuple[int, str, str]:
    with _streams(encoding) as (out, err):
        try:
            code = main([*argv, "--project", str(project)])
        except SystemExit as exc:
            code = exit_status(exc.code)
    return code, out.getvalue().decode(encoding), err.getvalue().decode(encoding)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
def test_every_command_prints_hostile_names_escaped_in_any_encoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, encoding: str
) -> None:
    """Every command, over a project of hostile names, in an ascii, latin-1 or UTF-8 stdout:
    no crash (exit 3), no encoding error, no raw control, escape or bidi character."""
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    for argv in [*ARGV.values(), *EXTRA]:
        code, out, err = _run(project, argv, encoding)
        assert code != 3, (argv, err)
        assert "UnicodeEncodeError" not in out + err, argv
        assert unsafe_chars(out + err) == [], (argv, out + err)


def test_import_and_undo_show_names_and_paths_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """import's skipped names and undo's project path appear as visible escapes."""
    project = _project(tmp_path)
    monkeypatch.chdir(project)
    _, out, _ = _run(project, ["import", "--yes"], "utf-8")
    assert "osc-\\x1b]0;pwned\\x07" in out
    assert _run(project, ["apply", "--yes"], "utf-8")[0] == 0
    _, out, _ = _run(project, ["undo", "--yes"], "utf-8")
    assert "repo-\\x1b[2J-\\u202e-\u65e5" in out


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "latin-1"}, {"LANG": "C", "LC_ALL": "C"}])
def test_the_installed_command_survives_a_stdout_that_is_not_utf8(
    tmp_path: Path, env: dict[str, str]
) -> None:
    """`status` and `import` as a real process under latin-1 or the C locale: no crash."""
    project = _project(tmp_path)
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONUTF8", "PYTHONIOENCODING")}
    for argv in (["status"], ["import", "--yes"]):
        result = subprocess.run(
            [AIDO, *argv, "--project", str(project)],
            cwd=project,
            env={**base, **env, "NO_COLOR": "1"},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            check=False,
            timeout=TIMEOUT,
        )
        assert result.returncode in (0, 1), result.stderr
        assert b"UnicodeEncodeError" not in result.stderr
        assert b"\x1b" not in result.stdout + result.stderr
