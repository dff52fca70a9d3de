"""Hangs, unbounded reads and deep nesting: every file aido reads is read safely (SPEC §7)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from aidokit.reconcile.core.safe_read import UnsafeFileError, read_file
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


HUGE = "9" * 5000  # past Python's 4300-digit limit for reading an int from text
# aido's own files and the manifests it reads facts from, refused with one sentence...
HUGE_NUMBER_FILES = [
    ("package.json", CLAUDE_ONLY, '{"version": ' + HUGE + "}"),
    ("aido.toml", None, "suggest = " + HUGE + "\n"),
    (".aido/state.json", CLAUDE_ONLY, '{"version": 1, "records": [], "n": ' + HUGE + "}"),
    ("aido.lock", CLAUDE_ONLY, '{"format_version": 1, "entries": {}, "n": ' + HUGE + "}"),
]
# ... and harness files, each a file error in the plan (fail closed, SPEC §6).
HUGE_NUMBER_HARNESS_FILES = [
    (".mcp.json", CLAUDE_ONLY, '{"mcpServers": {"mine": {"command": "x", "n": ' + HUGE + "}}}\n"),
    (
        ".vscode/mcp.json",
        'adapters = ["vscode"]\n',
        '{\n  // mine\n  "servers": {"mine": {"command": "x", "n": ' + HUGE + "}},\n}\n",
    ),
    (".codex/config.toml", 'adapters = ["codex"]\n', "[mcp_servers.mine]\nn = " + HUGE + "\n"),
]


def _with_huge_number(tmp_path: Path, name: str, aido_toml: str | None, text: str) -> Path:
    root = project(tmp_path, aido_toml)
    (root / name).parent.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("name", "aido_toml", "text"), HUGE_NUMBER_FILES, ids=[case[0] for case in HUGE_NUMBER_FILES]
)
def test_a_number_too_long_to_read_is_a_clean_error(
    tmp_path: Path, name: str, aido_toml: str | None, text: str
) -> None:
    """A number of 5000 digits (Python reads at most 4300) is one sentence naming the file,
    never a crash, and the file stays byte-identical."""
    root = _with_huge_number(tmp_path, name, aido_toml, text)
    for argv in (["plan"], ["apply", "--yes"]):
        clean_error(run(root, *argv), name)
        assert (root / name).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("name", "aido_toml", "text"),
    HUGE_NUMBER_HARNESS_FILES,
    ids=[case[0] for case in HUGE_NUMBER_HARNESS_FILES],
)
def test_a_harness_file_with_a_number_too_long_to_read_is_left_alone(
    tmp_path: Path, name: str, aido_toml: str | None, text: str
) -> None:
    """The plan names the file and the number's place; apply writes nothing to it; no crash."""
    root = _with_huge_number(tmp_path, name, aido_toml, text)
    for argv in (["plan"], ["apply", "--yes"]):
        result = run(root, *argv)
        assert result.returncode == 1, result.stdout + result.stderr
        errors = [line for line in result.stdout.splitlines() if line.startswith("  error:")]
        assert len(errors) == 1, result.stdout
        assert name in errors[0] and "more than the 4300" in errors[0]
        assert "Traceback" not in result.stderr and "bug in aido" not in result.stderr
        assert (root / name).read_text(encoding="utf-8") == text


def test_a_manifest_with_a_number_too_long_to_read_is_not_a_fact(tmp_path: Path) -> None:
    """pyproject.toml that cannot be read is left out of the facts, as any invalid one is."""
    root = _with_huge_number(
        tmp_path, "pyproject.toml", CLAUDE_ONLY, "[project]\nversion = " + HUGE + "\n"
    )
    result = run(root, "plan")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "bug in aido" not in result.stderr


def test_the_safe_reader_names_a_directory_in_one_sentence(tmp_path: Path) -> None:
    """A directory where a file is read is the reader's own error, not IsADirectoryError."""
    with pytest.raises(UnsafeFileError, match="is a directory, not a file aido can read"):
        read_file(tmp_path)
