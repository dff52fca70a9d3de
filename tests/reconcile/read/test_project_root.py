"""Without --project, aido finds the project by walking up; colour follows NO_COLOR/FORCE_COLOR."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from aidokit.reconcile.cli.console import want_colour
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.project_root import find_root

Capture = pytest.CaptureFixture[str]


def tree(root: Path, *paths: str) -> None:
    """Create files (or folders, when the path ends in /) under root."""
    for rel in paths:
        target = root / rel
        if rel.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("")


@pytest.mark.parametrize(
    ("files", "start", "expected"),
    [
        (["repo/.git/", "repo/aido.toml", "repo/src/app/"], "repo/src/app", "repo"),
        (["repo/.git/", "repo/src/app/"], "repo/src/app", "repo"),
        (
            ["repo/.git/", "repo/aido.toml", "repo/svc/aido.toml", "repo/svc/src/"],
            "repo/svc/src",
            "repo/svc",
        ),
        (["aido.toml", "repo/.git/", "repo/src/"], "repo/src", "repo"),
        (["wt/.git", "wt/src/"], "wt/src", "wt"),
        (["plain/src/"], "plain/src", "plain/src"),
        (["aido.toml", "plain/src/"], "plain/src", "plain/src"),
    ],
    ids=[
        "nearest-aido-toml",
        "git-root",
        "nested-aido-toml",
        "never-leaves-the-repo",
        "worktree-git-file",
        "nothing-found",
        "never-above-home",
    ],
)
def test_find_root(files: list[str], start: str, expected: str, tmp_path: Path) -> None:
    """The nearest aido.toml, else the git root; never above the repository or home."""
    home = tmp_path / "home"
    tree(home, *files)
    assert find_root(home / start, home=home) == (home / expected).resolve()


def test_commands_in_a_subfolder_use_the_project_root(
    fixture_project: object, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aido plan --json` and `aido status --json` run in src/ report the demo project root."""
    project: Path = fixture_project("demo-project")  # type: ignore[operator]
    monkeypatch.chdir(project / "src")
    for command in ("plan", "status"):
        capsys.readouterr()
        main([command, "--json"])
        assert json.loads(capsys.readouterr().out)["project"] == str(project.resolve())


def test_apply_in_a_subfolder_writes_at_the_root(
    fixture_project: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aido apply` from a subfolder converges the root's files, not the subfolder's."""
    project: Path = fixture_project("demo-project")  # type: ignore[operator]
    monkeypatch.chdir(project / "web")
    assert main(["apply", "--yes"]) == 0
    assert (project / ".mcp.json").is_file() and not (project / "web" / ".mcp.json").exists()
    assert main(["plan", "--detailed-exitcode"]) == 0


@pytest.mark.parametrize(
    ("env", "flag", "tty", "expected"),
    [
        ({}, False, True, True),
        ({}, False, False, False),
        ({"NO_COLOR": "1"}, False, True, False),
        ({"NO_COLOR": ""}, False, True, True),
        ({"FORCE_COLOR": "1"}, False, False, True),
        ({"FORCE_COLOR": "0"}, False, False, True),
        ({"FORCE_COLOR": ""}, False, False, False),
        ({"FORCE_COLOR": "1"}, True, False, False),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, True, False),
    ],
)
def test_colour_conventions(
    env: dict[str, str],
    flag: bool,
    tty: bool,
    expected: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Non-empty NO_COLOR and --no-color disable, non-empty FORCE_COLOR forces, else the TTY."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr("sys.stdout.isatty", lambda: tty)
    assert want_colour(argparse.Namespace(no_color=flag)) is expected


def test_force_color_colours_a_piped_plan(
    fixture_project: object, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FORCE_COLOR=1 colours `aido plan` written to a pipe; NO_COLOR=1 wins over it."""
    project: Path = fixture_project("demo-project")  # type: ignore[operator]
    monkeypatch.setenv("FORCE_COLOR", "1")
    main(["plan", "--project", str(project)])
    assert "\x1b[" in capsys.readouterr().out
    monkeypatch.setenv("NO_COLOR", "1")
    main(["plan", "--project", str(project)])
    assert "\x1b[" not in capsys.readouterr().out
