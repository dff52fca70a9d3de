"""Did-you-mean where an id, an adapter or a command is typed (issue 54 item 6): `aido adopt
sentri`, `aido doctor --probe playwrite`, `aido mcp remove`."""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.helpers import aido, new_project

TOML = 'adapters = ["claude-code"]\n[mcp]\nadd = ["sentry", "playwright"]\n'


def _err(capsys: pytest.CaptureFixture[str], code: int, expected: int = 1) -> str:
    assert code == expected
    return capsys.readouterr().err


def test_adopt_a_typo_offers_the_id_and_never_advises_adding_it(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = new_project(tmp_path, TOML)
    err = _err(capsys, aido(project, "adopt", "sentri", "--adapter", "claude-code"))
    assert "did you mean 'sentry'?" in err
    assert "add it to `add`" not in err
    assert err.count("\n") == 1


def test_probe_a_typo_offers_the_entry(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("mcp")
    project = new_project(tmp_path, TOML)
    assert aido(project, "apply", "--yes") == 0
    capsys.readouterr()
    err = _err(capsys, aido(project, "doctor", "--probe", "playwrite"))
    assert "no entry 'playwrite' (did you mean 'playwright'?)" in err


@pytest.mark.parametrize(("action", "expected"), [("remove", "`aido remove`"), ("ad", "'add'")])
def test_mcp_a_mistyped_action_offers_the_command(
    action: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["mcp", action])
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert f"did you mean {expected}?" in err


def test_a_leftover_override_is_reported(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[override.memory]` when memory is not installed: the plan says so (issue 54)."""
    project = new_project(tmp_path, TOML + '[override.memory]\nargs = ["--x"]\n')
    capsys.readouterr()
    assert aido(project, "plan", "-v") == 0
    out = capsys.readouterr().out
    assert "[override.memory] in aido.toml applies to nothing" in out
    (project / "aido.toml").write_text(
        TOML.replace('"sentry"', '"sentry", "memory"') + '[override.memory]\nargs = ["--x"]\n'
    )
    assert aido(project, "plan", "-v") == 0
    assert "applies to nothing" not in capsys.readouterr().out
