"""`aido completion SHELL`: scripts generated from the parser, adapters and catalog."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.catalog import entries
from aidokit.catalog.models import MCPDef, RemoteSpec
from aidokit.reconcile.cli.commands import COMMANDS
from aidokit.reconcile.cli.completion_scripts import render
from aidokit.reconcile.cli.main import build_parser, main

SUBCOMMANDS = [name for name, _help in COMMANDS]


def script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


def complete_bash(source: Path, *words: str) -> list[str]:
    """What the bash script offers for the command line `words` (last one being typed)."""
    quoted = " ".join(f"'{w}'" for w in words)
    code = (
        f"source '{source}'; COMP_WORDS=({quoted}); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ));"
        ' _aido; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    out = subprocess.run(["bash", "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_bash_script_is_valid_and_completes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bash script passes `bash -n` and completes subcommands, options and values."""
    path = tmp_path / "aido.bash"
    path.write_text(script("bash", capsys))
    subprocess.run(["bash", "-n", str(path)], check=True)
    assert complete_bash(path, "aido", "") == SUBCOMMANDS
    assert complete_bash(path, "aido", "st") == ["status"]
    assert "--detailed-exitcode" in complete_bash(path, "aido", "plan", "--")
    assert complete_bash(path, "aido", "plan", "--adapter", "") == sorted(ADAPTERS)
    assert complete_bash(path, "aido", "plan", "--adapter", "cla") == [
        "claude-code",
        "claude-desktop",
    ]
    assert complete_bash(path, "aido", "--scope", "") == ["project", "user", "local"]
    assert complete_bash(path, "aido", "remove", "") == sorted(e.id for e in entries.MCP_CATALOG)
    assert complete_bash(path, "aido", "completion", "") == ["bash", "zsh", "fish"]


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_name_every_subcommand(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The zsh and fish scripts offer every subcommand, adapter and catalog id."""
    text = script(shell, capsys)
    for name in [*SUBCOMMANDS, "claude-code", "context7", "detailed-exitcode"]:
        assert name in text, name
    if shell == "fish":
        assert "complete -c aido -n '__fish_use_subcommand' -a status -d" in text
    else:
        assert text.startswith("#compdef aido") and "compdef _aido aido" in text


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_script_parses_when_shell_is_installed(
    shell: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where zsh or fish is installed, its own parser accepts the script."""
    text = script(shell, capsys)
    binary = shutil.which(shell)
    if binary is None:
        assert "complete" in text or "compadd" in text  # nothing more to check here
        return
    path = tmp_path / f"aido.{shell}"
    path.write_text(text)
    subprocess.run([binary, "-n", str(path)], check=True)


def test_catalog_ids_come_from_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new catalog entry completes without touching the completion code."""
    added = MCPDef(
        id="brand-new",
        name="New",
        purpose="p",
        suggested_for=("researcher",),
        triggers=("never",),
        install={"claude-code": RemoteSpec(url="https://example.com/mcp")},
    )
    monkeypatch.setattr(entries, "MCP_CATALOG", (*entries.MCP_CATALOG, added))
    ids = " ".join(sorted(e.id for e in (*entries.MCP_CATALOG,)))
    assert ids in render("bash", build_parser()) and "brand-new" in ids


def test_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """`aido completion tcsh` is a usage error: exit 1 (SPEC §8), not the drift code 2."""
    with pytest.raises(SystemExit) as info:
        main(["completion", "tcsh"])
    assert info.value.code == 1
