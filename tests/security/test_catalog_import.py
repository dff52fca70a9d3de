"""Code injection in `aido catalog import`: the printed entry is exactly one MCPDef (SPEC §7)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tests.security.cli import project, run

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "server-json" / "inventory-oci.json"
PAYLOAD = "\nimport os\nos.system('touch /tmp/pwned')\n#"
ALLOWED_CALLS = {"MCPDef", "StdioSpec", "RemoteSpec", "EnvVar", "everywhere"}


def _only_an_entry(source: str) -> None:
    """The output parses as one list element that only calls the catalog's constructors."""
    tree = ast.parse("[\n" + source + "]")
    assert len(tree.body) == 1
    assert isinstance(tree.body[0], ast.Expr)
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert called <= ALLOWED_CALLS
    assert not any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) for n in ast.walk(tree)
    )
    assert all(line.startswith(" ") or not line for line in source.splitlines())


@pytest.mark.parametrize("separator", ["\n", "\r", "\u2028", "\x85"])
def test_a_newline_in_fields_and_file_name_stays_inside_strings_and_comments(
    tmp_path: Path, separator: str
) -> None:
    """Newlines in the file name, description and a package id never start a line of code."""
    payload = PAYLOAD.replace("\n", separator)
    data = json.loads(FIXTURE.read_text())
    data["description"] += payload
    data["title"] = "Inventory" + payload
    data["packages"][1]["identifier"] += payload
    data["packages"][0]["environmentVariables"][0]["description"] += payload
    server = tmp_path / f"server{payload.replace('/', '_')}.json"
    server.write_text(json.dumps(data))
    result = run(project(tmp_path), "catalog", "import", str(server))
    if result.returncode == 0:
        _only_an_entry(result.stdout)
    else:
        assert result.returncode == 1
        assert "Traceback" not in result.stderr
    assert "import os" not in [line.strip() for line in result.stdout.splitlines()]
