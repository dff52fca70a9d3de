"""Output for a person (issue 38 point 6): what apply, destroy and undo say they did; a plan
or status that targets nothing says how to target something, never "No changes"."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import ONLY_CONTEXT7, aido, new_project
from tests.terminal import on_a_pty

Capture = pytest.CaptureFixture[str]
ROOT = Path(__file__).resolve().parents[3]


def test_apply_says_what_it_did_in_the_past_tense(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "apply", "--yes") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Apply complete! 1 added, 0 changed, 0 removed."


def test_destroy_and_undo_say_what_they_did(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    assert aido(project, "destroy", "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Destroy complete! 1 removed."
    assert aido(project, "undo", "--yes") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Undo complete! 1 file restored."


def test_an_apply_that_leaves_conflicts_says_so(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path, 'adapters = ["claude-code"]\n')
    # A hand-written context7 that is not aido's: a conflict; sequential-thinking is added.
    (project / ".mcp.json").write_text('{"mcpServers": {"context7": {"command": "mine"}}}\n')
    assert aido(project, "apply", "--yes") == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("Apply complete! 1 added, 0 changed, 0 removed. 1 conflict left")
    assert "aido plan" in last


@pytest.mark.parametrize("command", ["plan", "status"])
def test_nothing_targeted_is_not_no_changes(tmp_path: Path, capsys: Capture, command: str) -> None:
    project = new_project(tmp_path, "adapters = []\n")
    assert aido(project, command) == 0
    out = capsys.readouterr().out
    assert "No changes" not in out
    assert "No harness config file is targeted" in out
    assert "`adapters` in aido.toml" in out and "--adapter NAME" in out


def test_nothing_targeted_without_aido_toml_says_init(tmp_path: Path, capsys: Capture) -> None:
    project = new_project(tmp_path)  # no aido.toml, no harness folder to detect
    assert aido(project, "plan", "--adapter", "claude-code") == 0  # targets one: a plan
    capsys.readouterr()
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out
    if "No harness config file is targeted" in out:  # nothing detected on this machine
        assert "No changes" not in out and "aido init" in out


@pytest.mark.parametrize("command", ["plan", "status"])
def test_user_scope_without_a_user_layer_says_init_scope_user(
    tmp_path: Path, capsys: Capture, command: str
) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, command, "--scope", "user") == 0
    out = capsys.readouterr().out
    assert "aido init --scope user" in out
    assert "set `adapters`" not in out and "No changes" not in out


# -- Ctrl-C (SPEC §8: exit 130, no traceback; say whether anything was written) ---------


def _on_a_pty(
    argv: list[str], prompt: bytes | None, cwd: Path, *, columns: int | None = None
) -> tuple[int, str]:
    """Run `argv` on a pty, press Ctrl-C once `prompt` shows (the terminal sends SIGINT);
    with `columns`, the terminal is that wide and $COLUMNS unset."""
    env = {**os.environ, "TERM": "dumb", "COLUMNS": "80"}
    if columns:
        env.pop("COLUMNS")
    # A moment after the prompt, as a person would: a SIGINT between the prompt's write and
    # the read that waits for the answer is only handled once that read returns.
    steps = [] if prompt is None else [(prompt, b"\x03")]
    winsize = (24, columns) if columns else None
    return on_a_pty(argv, env, steps, cwd=cwd, winsize=winsize, pause=0.5)


AIDO = [sys.executable, "-m", "aidokit.reconcile"]


def test_ctrl_c_at_applys_prompt_says_nothing_was_written(tmp_path: Path) -> None:
    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    before = {p.name: p.read_bytes() for p in project.iterdir()}
    code, out = _on_a_pty([*AIDO, "apply"], b"Only 'yes' is accepted", project)
    assert code == 130, out
    assert "Interrupted: nothing was written." in out
    assert "Traceback" not in out
    assert {p.name: p.read_bytes() for p in project.iterdir()} == before


def test_ctrl_c_at_inits_prompt_says_nothing_was_written(tmp_path: Path) -> None:
    project = new_project(tmp_path)
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    code, out = _on_a_pty([*AIDO, "init"], b"Enter", project)
    assert code == 130, out
    assert "Interrupted: nothing was written." in out and "Traceback" not in out
    assert sorted(p.name for p in project.iterdir()) == [".mcp.json"]


def test_ctrl_c_during_the_writes_rolls_back_and_says_nothing_was_written(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interrupt once the files are written but before the commit: they are put back."""
    from aidokit.reconcile.write import transaction

    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    before = (project / ".mcp.json").read_bytes()
    real = transaction.Transaction.commit

    def interrupted(self: transaction.Transaction) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(transaction.Transaction, "commit", interrupted)
    assert aido(project, "apply", "--yes") == 130
    err = capsys.readouterr().err
    assert err.startswith("Interrupted: nothing was written"), err
    assert (project / ".mcp.json").read_bytes() == before
    monkeypatch.setattr(transaction.Transaction, "commit", real)


def test_a_second_ctrl_c_does_not_cut_the_roll_back_short(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C, then Ctrl-C again while aido puts the files back: the roll-back finishes."""
    import os
    import signal

    from aidokit.reconcile.write import transaction

    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    before = (project / ".mcp.json").read_bytes()
    real_back = transaction.Transaction.roll_back

    def interrupted(self: transaction.Transaction) -> None:
        raise KeyboardInterrupt

    def pressed_again(self: transaction.Transaction) -> list[transaction.Outcome]:
        os.kill(os.getpid(), signal.SIGINT)  # handled (ignored) before the next bytecode
        return real_back(self)

    monkeypatch.setattr(transaction.Transaction, "commit", interrupted)
    monkeypatch.setattr(transaction.Transaction, "roll_back", pressed_again)
    assert aido(project, "apply", "--yes") == 130
    assert capsys.readouterr().err.startswith("Interrupted: nothing was written")
    assert (project / ".mcp.json").read_bytes() == before
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_after_the_writes_names_them_and_undo(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An interrupt once the transaction is committed: the files are written; undo says how
    to put them back."""
    from aidokit.reconcile.plan.model import Summary

    project = new_project(tmp_path, ONLY_CONTEXT7)

    def interrupted(self: Summary, kind: str = "apply") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(Summary, "done_line", interrupted)
    assert aido(project, "apply", "--yes") == 130
    err = capsys.readouterr().err
    assert err.startswith("Interrupted after aido wrote "), err
    assert ".mcp.json" in err and "aido.lock" in err and "`aido undo` puts them back" in err
    assert (project / ".mcp.json").exists()


def test_ctrl_c_while_planning_says_nothing_was_written(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aidokit.reconcile.plan import engine

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(engine, "build_plan", interrupted)
    project = new_project(tmp_path, ONLY_CONTEXT7)
    assert aido(project, "plan") == 130
    assert capsys.readouterr().err == "Interrupted: nothing was written.\n"


# -- colour: status and doctor as plan (on a terminal or FORCE_COLOR; never NO_COLOR) ----

BOLD, RED, YELLOW = "\x1b[1m", "\x1b[31m", "\x1b[33m"


def _drifted(tmp_path: Path) -> Path:
    """A project whose .mcp.json cannot be read: status and doctor both report it."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    (project / ".mcp.json").write_text('{"mcpServers": {"x": \n')
    return project


@pytest.mark.parametrize("command", ["status", "doctor"])
def test_status_and_doctor_are_coloured_like_plan(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    project = _drifted(tmp_path)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert aido(project, command) == 1
    out = capsys.readouterr().out
    assert RED in out  # the error
    if command == "status":
        assert f"{BOLD}# .mcp.json" in out  # the file header, as plan's
    else:
        assert f"{RED}error" in out


@pytest.mark.parametrize("command", ["status", "doctor"])
@pytest.mark.parametrize("off", ["--no-color", "NO_COLOR", "pipe"])
def test_status_and_doctor_without_colour(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch, command: str, off: str
) -> None:
    project = _drifted(tmp_path)
    argv = [command]
    if off == "--no-color":
        monkeypatch.setenv("FORCE_COLOR", "1")
        argv.append(off)
    elif off == "NO_COLOR":
        monkeypatch.setenv("FORCE_COLOR", "1")
        monkeypatch.setenv("NO_COLOR", "1")
    assert aido(project, *argv) == 1
    assert "\x1b[" not in capsys.readouterr().out


def test_doctor_warnings_are_yellow() -> None:
    from aidokit.reconcile.show.doctor import Finding, Severity
    from aidokit.reconcile.show.doctor_text import render_findings

    found = [Finding(Severity.WARNING, "trust", ".mcp.json", "pending")]
    assert render_findings(found, colour=True).startswith(f"{YELLOW}warning")
    assert "\x1b[" not in render_findings(found)


# -- wrapping to the terminal's width --------------------------------------------------

_ESC = re.compile(r"\x1b\[[0-9;]*m")
_WORDS = st.text(alphabet="abcdefghij/.-", min_size=1, max_size=30)


@settings(max_examples=300, deadline=None)
@given(
    lead=st.integers(0, 6),
    words=st.lists(_WORDS, min_size=1, max_size=40),
    width=st.integers(20, 160),
    colour=st.booleans(),
)
def test_wrapping_breaks_between_words_only(
    lead: int, words: list[str], width: int, colour: bool
) -> None:
    """Every word comes back whole and in order; a line passes `width` only when it holds
    one word; continuation lines sit two columns under their item."""
    from aidokit.reconcile.show.plan_text import wrap_line

    line = " " * lead + " ".join(words)
    if colour:
        line = f"\x1b[33m{line}\x1b[0m"
    wrapped = wrap_line(line, width)
    plain = [_ESC.sub("", part) for part in wrapped]
    assert " ".join(plain).split() == words
    for part in plain:
        assert len(part) <= width or len(part.split()) == 1
    assert all(part.startswith(" " * (lead + 2)) for part in plain[1:])


def _brownfield(fixture_project: Callable[[str], Path]) -> Path:
    project = fixture_project("projects/brownfield")
    (project / ".cursor" / "mcp.json").write_text('{"mcpServers": {}}\n')  # readable
    return project


def _on_a_terminal(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    """Output goes to a terminal `columns` wide: into a pipe nothing is wrapped, $COLUMNS
    or not (common.output_width), and capsys' streams are no terminal."""
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("NO_COLOR", "1")  # the widths counted here are of plain text
    for stream in (sys.stdout, sys.stderr):
        monkeypatch.setattr(stream, "isatty", lambda: True, raising=False)


def test_plan_wraps_prose_to_columns_but_not_fields(
    fixture_project: Callable[[str], Path], capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aidokit.reconcile.show.plan_text import Verbatim  # noqa: F401  (what stays whole)

    project = _brownfield(fixture_project)
    _on_a_terminal(monkeypatch, 80)
    assert aido(project, "plan") == 0
    lines = capsys.readouterr().out.splitlines()
    fields = [line for line in lines if re.match(r'      ("|[-+] )', line)]
    assert any(len(line) > 80 for line in fields)  # serena's args stay on one line
    prose = [line for line in lines if line not in fields]
    assert all(len(line) <= 80 or len(line.split()) == 1 for line in prose), prose
    assert any(line.startswith("  ") and not line.startswith("   ") for line in prose)


def test_plan_on_a_terminal_wraps_to_its_width(
    fixture_project: Callable[[str], Path],
) -> None:
    """No $COLUMNS: the terminal's own width (a 60-column pty) is the one wrapped to."""
    project = _brownfield(fixture_project)
    code, out = _on_a_pty([*AIDO, "plan", "--no-color"], None, project, columns=60)
    assert code == 0, out
    lines = out.replace("\r\n", "\n").splitlines()
    prose = [line for line in lines if not re.match(r'      ("|[-+] )', line)]
    assert any(line.startswith("Warning: ") for line in prose), out
    assert all(len(line) <= 60 or len(line.split()) == 1 for line in prose), out


def test_plan_into_a_pipe_is_not_wrapped(
    fixture_project: Callable[[str], Path], capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into a pipe no line is wrapped, even with $COLUMNS set (a CI runner, a test worker)."""
    project = _brownfield(fixture_project)
    monkeypatch.setenv("COLUMNS", "60")
    assert aido(project, "plan") == 0
    warning = [line for line in capsys.readouterr().out.splitlines() if "pending approval" in line]
    assert len(warning) == 1 and len(warning[0]) > 80 and warning[0].endswith("grants trust)")


def test_errors_on_stderr_wrap_to_columns(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    _on_a_terminal(monkeypatch, 60)
    assert aido(tmp_path / "missing", "plan") == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) > 1, err  # the path, longer than a line, stands alone and whole
    assert all(len(line) <= 60 or len(line.split()) == 1 for line in err), err
    assert any(line.strip() == str(tmp_path / "missing") for line in err)


# -- notices: collected after the summary, similar ones folded; -v shows each -----------


def test_notices_come_once_after_the_summary_and_similar_ones_fold(
    fixture_project: Callable[[str], Path], capsys: Capture
) -> None:
    project = _brownfield(fixture_project)  # no aido.toml: claude-code and cursor detected
    assert aido(project, "plan") == 0
    out = capsys.readouterr().out.splitlines()
    summary = next(i for i, line in enumerate(out) if line.startswith("Plan: "))
    notices = [i for i, line in enumerate(out) if line.startswith(("Note: ", "Warning: "))]
    assert notices and min(notices) > summary
    assert not any(line.lstrip().startswith(("note: ", "trust: ")) for line in out)
    detected = [line for line in out if line.startswith("Note: detected ")]
    assert len(detected) == 1
    assert out[out.index(detected[0]) + 1] == "  (and 1 more similar note; -v shows it)"


def test_verbose_shows_every_notice_in_full(
    fixture_project: Callable[[str], Path], capsys: Capture
) -> None:
    project = _brownfield(fixture_project)
    assert aido(project, "plan", "-v") == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert len([line for line in lines if line.startswith("Note: detected ")]) == 2
    assert not any("more similar" in line for line in lines)
    assert "[debug" not in out.err and out.err == ""


def test_similar_notices_share_their_words_not_their_names() -> None:
    from aidokit.reconcile.show.plan_text import similar

    names = {"claude-code", "kiro", "context7", "playwright"}
    every = "no {} agent plays the roles of context7, so every {} agent"
    held = "no {} agent plays the roles of playwright, so aido leaves it out of {}"
    assert similar(every.format("kiro", "kiro"), names) == similar(
        every.format("claude-code", "claude-code"), names
    )
    assert similar(every.format("kiro", "kiro"), names) != similar(
        held.format("kiro", "kiro"), names
    )
    assert similar("detected cursor: found .cursor/", {"cursor"}) == similar(
        "detected codex: found .codex/", {"codex"}
    )


def test_init_and_import_wrap_to_columns(
    fixture_project: Callable[[str], Path], capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _brownfield(fixture_project)
    context7 = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest"]}
    (project / ".cursor" / "mcp.json").write_text(
        json.dumps({"mcpServers": {"context7": context7}})
    )
    _on_a_terminal(monkeypatch, 60)
    for argv in (("init", "--yes"), ("import", "--yes")):
        aido(project, *argv)
        lines = capsys.readouterr().out.splitlines()
        prose = [line for line in lines if not re.match(r'      ("|[-+] )', line)]
        assert any(line.startswith("  ") for line in prose), lines
        assert all(len(line) <= 60 or len(line.split()) == 1 for line in prose), lines


def test_one_reader_of_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """cli/output.terminal_columns is the only place that asks the terminal its width:
    $COLUMNS when positive, else the terminal's, else 80 (a pipe)."""
    from aidokit.reconcile.cli.output import terminal_columns

    readers = [
        path.relative_to(ROOT).as_posix()
        for folder in ("catalog", "adapters", "reconcile")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "get_terminal_size" in path.read_text(encoding="utf-8")
    ]
    assert readers == ["reconcile/cli/output.py"]
    read, write = os.pipe()
    with os.fdopen(read) as pipe, os.fdopen(write, "w"):
        monkeypatch.setenv("COLUMNS", "123")
        assert terminal_columns(pipe) == 123
        for unset in ("0", "wide", "-4"):
            monkeypatch.setenv("COLUMNS", unset)
            assert terminal_columns(pipe) == 80


@pytest.mark.parametrize(
    "argv",
    [("plan",), ("apply", "--yes"), ("status",), ("init", "--yes"), ("apply", "--scope", "local")],
)
def test_the_home_folder_is_no_project(argv: tuple[str, ...], capsys: Capture) -> None:
    """In $HOME, ~/.codex/config.toml is the user's file (issue 54 §6): a project-scope run
    there says to cd into the project (or use --scope user), writes nothing, and never
    blames XDG_STATE_HOME."""
    home = Path(os.environ["HOME"])
    (home / ".codex").mkdir(exist_ok=True)
    before = sorted(p.relative_to(home).as_posix() for p in home.rglob("*"))
    assert aido(home, *argv) == 1
    err = capsys.readouterr().err
    assert "is your home folder, not a project" in err and "cd into your project" in err
    assert "XDG_STATE_HOME" not in err
    assert sorted(p.relative_to(home).as_posix() for p in home.rglob("*")) == before


@pytest.mark.parametrize(
    "command",
    [("adapters",), ("search", "database"), ("search", "error", "tracking"), ("suggest",)],
)
def test_listings_wrap_between_words_on_a_terminal(
    command: tuple[str, ...],
    fixture_project: Callable[[str], Path],
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A listing longer than the terminal is wrapped by aido between words (issue 54: the
    terminal cut `aido search`'s descriptions, `aido adapters`' paths and suggest's last line
    inside words); into a pipe every line stays whole."""
    project = fixture_project("projects/brownfield")
    assert aido(project, *command) == 0
    whole = capsys.readouterr().out
    _on_a_terminal(monkeypatch, 80)
    assert aido(project, *command) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line for line in lines if len(line) > 80 and len(line.split()) > 1] == []
    assert " ".join(lines).split() == whole.split()  # the same words, none lost
    assert any(len(line) > 80 for line in whole.splitlines())  # the pipe keeps lines whole
