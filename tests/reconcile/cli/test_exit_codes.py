"""Exit codes (SPEC §8): every row of the docs/cli.md table, run through the CLI."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.reconcile import __version__
from aidokit.reconcile.cli import main as cli
from aidokit.reconcile.cli.commands import plan as plan_command
from tests.helpers import ONLY_CONTEXT7, aido, new_project

DOC = Path(__file__).resolve().parents[3] / "docs" / "cli.md"


def documented_codes() -> set[int]:
    """The codes listed in the exit-code table of docs/cli.md."""
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Exit codes", 1)[1].split("\n\n", 2)[1]
    return {int(code) for code in re.findall(r"^\| (\d+) \|", table, re.M)}


def converged(tmp_path: Path) -> Path:
    """A project whose only desired entry is already applied."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "apply", "--yes") == 0
    return project


def pending(tmp_path: Path) -> Path:
    """A project with one entry still to create."""
    return new_project(tmp_path, ONLY_CONTEXT7)


def conflicted(tmp_path: Path) -> Path:
    """A converged project whose owned entry's URL was replaced by hand."""
    project = converged(tmp_path)
    path = project / ".mcp.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["mcpServers"]["context7"]["url"] = "https://elsewhere.example/mcp"
    path.write_text(json.dumps(data), encoding="utf-8")
    return project


SCENARIOS: dict[int, list[tuple[str, Callable[[Path], Path], tuple[str, ...]]]] = {
    0: [("converged", converged, ("plan", "--detailed-exitcode"))],
    1: [
        ("mistyped option", pending, ("plan", "--detailed-exit-code")),
        ("unknown command", pending, ("plna",)),
        ("bad choice", pending, ("plan", "--scope", "galaxy")),
        ("config error", lambda t: new_project(t, "adapterz = []\n"), ("plan",)),
        (
            "check targeting no file",
            lambda t: new_project(t, "adapters = []\n"),
            ("plan", "--detailed-exitcode"),
        ),
    ],
    2: [
        ("changes pending", pending, ("plan", "--detailed-exitcode")),
        ("conflict only", conflicted, ("plan", "--detailed-exitcode")),
    ],
}


def run(project: Path, argv: tuple[str, ...]) -> int:
    """Exit code of `aido ARGV`, whether main returns it or argparse exits."""
    try:
        return aido(project, *argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def test_table_lists_exactly_the_codes_tested() -> None:
    """docs/cli.md lists 0, 1, 2, 3 and 130, and every row has a scenario below."""
    assert documented_codes() == {*SCENARIOS, 3, 130}


@pytest.mark.parametrize(
    ("code", "make", "argv"),
    [
        pytest.param(code, make, argv, id=f"{code}-{name}")
        for code, rows in SCENARIOS.items()
        for name, make, argv in rows
    ],
)
def test_exit_code_row(
    code: int, make: Callable[[Path], Path], argv: tuple[str, ...], tmp_path: Path
) -> None:
    """Each scenario exits with its documented code."""
    assert run(make(tmp_path), argv) == code


def test_usage_error_is_one_not_drift(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped option exits 1 (not 2, the drift code) and names the option."""
    assert run(pending(tmp_path), ("plan", "--detailed-exit-code")) == 1
    assert "--detailed-exit-code" in capsys.readouterr().err


def test_conflict_counts_as_pending(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A remaining conflict fails the drift check, and its hint names the ways out."""
    project = conflicted(tmp_path)
    capsys.readouterr()
    assert aido(project, "plan", "--detailed-exitcode") == 2
    out = capsys.readouterr().out
    assert "1 conflict" in out and "aido adopt context7" in out


def test_check_targeting_nothing_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A drift check with no targeted file exits 1 saying so, instead of "No changes"."""
    assert aido(new_project(tmp_path, "adapters = []\n"), "plan", "--detailed-exitcode") == 1
    captured = capsys.readouterr()
    assert "No changes" not in captured.out and "checks nothing" in captured.err


def test_bug_exits_three(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unexpected exception exits 3 and writes a crash report."""

    def boom(_: object) -> int:
        raise RuntimeError("boom")

    monkeypatch.setattr(plan_command, "run", boom)
    assert cli.main(["plan", "--project", str(pending(tmp_path))]) == 3


def test_interrupt_exits_130(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C exits 130."""

    def interrupted(_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(plan_command, "run", interrupted)
    assert cli.main(["plan", "--project", str(pending(tmp_path))]) == 130


@pytest.mark.parametrize("argv", [["schema"], ["--version"]], ids=["big output", "small output"])
def test_the_console_script_flushes_its_output(argv: list[str]) -> None:
    """No buffered byte is lost at os._exit: a small output sits in stdout's buffer until
    the end, a big one passes through it."""
    code = (
        "import sys\nfrom aidokit.reconcile.cli import main as cli\n"
        f"sys.argv = ['aido', *{argv!r}]\ncli.entry()\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # buffered, as usual
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    if argv == ["schema"]:
        assert json.loads(done.stdout)["title"]  # the whole schema
    else:
        assert done.stdout == f"aido {__version__}\n"


@pytest.mark.parametrize("argv", [("--version",), ("schema",)], ids=["at exit", "while printing"])
def test_a_reader_that_went_away_is_not_a_failure(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """stdout's reader is gone (`aido ... | head`): exit 0, no complaint, whether the pipe
    breaks while aido prints (schema, over a buffer) or at the final flush (--version)."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    aido_bin = Path(sys.executable).with_name("aido")
    # Buffered stdout, as a user's shell has it: the pipe may break only at the last flush.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before aido writes a byte
    try:
        done = subprocess.run(
            [str(aido_bin), *argv], cwd=project, env=env, stdout=write_end,
            stderr=subprocess.PIPE, text=True, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)
    assert done.returncode == 0 and done.stderr == ""
