"""`enabled = false` (docs/context-budget.md): a server switched off shows as a switch-off."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Scope
from tests.helpers import aido, new_project


def _project_adapters() -> list[str]:
    return sorted(n for n, a in ADAPTERS.items() if Scope.PROJECT in a.scopes)


@pytest.mark.parametrize("adapter", _project_adapters())
def test_a_server_switched_off_is_never_shown_as_a_delete(
    tmp_path: Path, adapter: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """After `[override.time] enabled = false`, every harness's plan shows `time` switched
    off: its own off switch (an update), or, where it has none, the entry leaving the file
    said as a switch-off (issue 54 item 5: it read "delete: no longer desired")."""
    toml = f'adapters = ["{adapter}"]\nsuggest = false\n[mcp]\nadd = ["time"]\n'
    project = new_project(tmp_path, toml)
    (project / ".git").mkdir()
    if aido(project, "apply", "--yes") != 0:
        pytest.skip(f"{adapter} cannot take time here")
    with (project / "aido.toml").open("a") as file:
        file.write("\n[override.time]\nenabled = false\n")
    capsys.readouterr()
    assert aido(project, "plan") == 0
    text = capsys.readouterr().out
    assert "no longer desired" not in text, text
    assert aido(project, "plan", "--json") == 0
    doc = json.loads(capsys.readouterr().out)
    changes = [c for f in doc["files"] for c in f["changes"] if c["name"] == "time"]
    for change in changes:
        if change["action"] == "delete":
            assert change["reason"].startswith("switched off (enabled = false)"), change
            assert f"- time  (switched off (enabled = false): {adapter} has no off" in text
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan", "--detailed-exitcode") == 0
