"""Every aido.toml key has a description in `aido schema`, and `aido init` names the schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.choices.config import config_schema
from aidokit.reconcile.read.choices.config_docs import SCHEMA_URL

ROOT = Path(__file__).resolve().parents[3]


def properties(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where.key, property) for every property at the top level and in every $defs model."""
    nodes = [("aido.toml", schema), *schema.get("$defs", {}).items()]
    return [
        (f"{name}.{key}", prop) for name, node in nodes for key, prop in node["properties"].items()
    ]


def test_every_key_has_a_description() -> None:
    """A new key fails here until reconcile/read/choices/config_docs.py describes it."""
    missing = [where for where, prop in properties(config_schema()) if not prop.get("description")]
    assert not missing, f"describe these in read/choices/config_docs.py DESCRIPTIONS: {missing}"
    assert len(properties(config_schema())) >= 10


def test_schema_url_is_the_committed_schema() -> None:
    """The URL editors fetch ends in the committed docs/schemas/aido-toml.schema.json."""
    assert SCHEMA_URL.endswith("/main/docs/schemas/aido-toml.schema.json")
    committed = json.loads((ROOT / "docs" / "schemas" / "aido-toml.schema.json").read_text())
    assert committed["$id"] == SCHEMA_URL


def test_init_template_starts_with_the_schema_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido init --yes` writes `#:schema URL` first, and the file still loads."""
    (tmp_path / ".vscode").mkdir()
    assert main(["init", "--yes", "--project", str(tmp_path)]) == 0
    text = (tmp_path / "aido.toml").read_text()
    assert text.splitlines()[0] == f"#:schema {SCHEMA_URL}"
    assert main(["plan", "--project", str(tmp_path)]) == 0
