"""Hangs, unbounded reads and deep nesting: every file aido reads is read safely (SPEC §7)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.security.cli import CLAUDE_ONLY, clean_error, project
from tests.security.cli import run_process as run

FIFO_PATHS = (
    "package.json",
    "pyproject.toml",
    "requirements.txt",
    ".git/config",
    "aido.toml",
    ".aido/state.json",
)


@pytest.mark.parametrize("name", FIFO_PATHS)
def test_a_fifo_in_the_repository_is_a_clean_error_not_a_hang(tmp_path: Path, name: str) -> None:
    """A FIFO where aido reads a file gives a one-sentence error at once, never a hang."""
    root = project(tmp_path, None if name == "aido.toml" else CLAUDE_ONLY)
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(root / name)
    clean_error(run(root, "plan"), name)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_aido_toml_linked_to_an_endless_device_is_refused(tmp_path: Path, device: str) -> None:
    """`aido.toml -> /dev/zero` is refused before any read, not read until memory runs out."""
    root = project(tmp_path, None)
    (root / "aido.toml").symlink_to(device)
    clean_error(run(root, "plan"), "aido.toml")


def test_an_oversized_aido_toml_is_refused(tmp_path: Path) -> None:
    """An aido.toml larger than any config is refused with one sentence, not read whole."""
    root = project(tmp_path, None)
    with (root / "aido.toml").open("wb") as handle:
        handle.truncate(65 << 20)  # sparse: no disk space used
    clean_error(run(root, "plan"), "aido.toml")


DEPTH = 100_000


def _deep_json() -> str:
    return "[" * DEPTH + "]" * DEPTH


def _deep_toml() -> str:
    return "a = " + "[" * DEPTH + "]" * DEPTH + "\n"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("package.json", '{"dependencies": ' + _deep_json() + "}"),
        ("pyproject.toml", "[project]\ndependencies = " + "[" * DEPTH + "]" * DEPTH + "\n"),
        ("aido.toml", _deep_toml()),
        (".aido/state.json", '{"version": 1, "records": ' + _deep_json() + "}"),
    ],
)
def test_deep_nesting_in_a_repository_file_is_a_clean_error(
    tmp_path: Path, name: str, text: str
) -> None:
    """A file nested 100 000 levels deep is one sentence naming it, never a traceback."""
    root = project(tmp_path, None if name == "aido.toml" else CLAUDE_ONLY)
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(text, encoding="utf-8")
    clean_error(run(root, "plan"), name)


def test_a_deeply_nested_saved_plan_is_a_clean_error(tmp_path: Path) -> None:
    """`aido apply plan.json` on a deeply nested plan file refuses it with one sentence."""
    root = project(tmp_path)
    saved = tmp_path / "plan.json"
    saved.write_text('{"format_version": 1, "files": ' + _deep_json() + "}", encoding="utf-8")
    clean_error(run(root, "apply", str(saved)), "plan.json")


def test_a_deeply_nested_server_json_is_a_clean_error(tmp_path: Path) -> None:
    """`aido catalog import` of a deeply nested server.json refuses it with one sentence."""
    root = project(tmp_path)
    server = tmp_path / "server.json"
    server.write_text(json.dumps({"name": "x"})[:-1] + ', "a": ' + _deep_json() + "}")
    clean_error(run(root, "catalog", "import", str(server)), "server.json")


def test_a_fifo_as_saved_plan_is_a_clean_error(tmp_path: Path) -> None:
    """`aido apply FIFO` refuses at once instead of waiting for a writer."""
    root = project(tmp_path)
    os.mkfifo(tmp_path / "plan.json")
    clean_error(run(root, "apply", str(tmp_path / "plan.json")), "plan.json")
