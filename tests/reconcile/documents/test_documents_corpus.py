"""The corpus (fixtures/corpus/): apply, heal and destroy round trips, byte for byte."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from docgen_json import strip_jsonc
from ruamel.yaml import YAML

from aidokit.reconcile.documents import Document, Format
from tests.helpers import aido, new_project

CORPUS = Path(__file__).resolve().parents[3] / "fixtures" / "corpus"
FORMATS = {".json": Format.JSON, ".jsonc": Format.JSONC, ".toml": Format.TOML}
FORMATS[".yaml"] = Format.YAML
MAPS = {k: tuple(v) for k, v in tomllib.loads((CORPUS / "index.toml").read_text())["maps"].items()}
FILES = sorted(p for p in CORPUS.iterdir() if p.suffix in FORMATS and p.name != "index.toml")
NEW: dict[str, Any] = {
    "aido-github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]},
    "aido.context7": {"url": "https://mcp.context7.com/mcp", "headers": {"K": "${K}"}},
}
HEALED = {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2"]}


def _parse(fmt: Format, raw: bytes) -> Any:
    """Parse with the strict reference parser of the format."""
    text = raw.decode("utf-8").removeprefix("\ufeff")
    if fmt is Format.TOML:
        return tomllib.loads(text)
    if fmt is Format.YAML:
        return YAML(typ="safe", pure=True).load(text) or {}
    return json.loads(text) if fmt is Format.JSON else strip_jsonc(raw)


def _servers(fmt: Format, raw: bytes, key_path: tuple[str, ...]) -> dict[str, Any]:
    value = _parse(fmt, raw)
    for key in key_path:
        value = value.get(key) or {}
    return dict(value)


def _step(path: Path, fmt: Format, raw: bytes, key_path: tuple[str, ...], edits: Any) -> bytes:
    """One apply-like pass on a fresh read: (name, entry or None to delete) edits."""
    doc = Document(path, fmt, raw)
    for name, entry in edits:
        if entry is None:
            doc.delete_entry(key_path, name)
        else:
            doc.set_entry(key_path, name, entry)
    return doc.render()


def test_corpus_has_thirty_files_of_every_format() -> None:
    """At least 30 configs, each format and each harness prefix present."""
    assert len(FILES) >= 30
    assert {p.suffix for p in FILES} == set(FORMATS)
    assert {p.stem.split("-")[0] for p in FILES} == set(MAPS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_corpus_apply_heal_destroy_is_byte_identical(path: Path) -> None:
    """apply, second apply, heal and destroy: each parses, and destroy gives the bytes back."""
    fmt = FORMATS[path.suffix]
    key_path = MAPS[path.stem.split("-")[0]]
    raw = path.read_bytes()
    user = _servers(fmt, raw, key_path)
    assert not set(NEW) & set(user)
    applied = _step(path, fmt, raw, key_path, NEW.items())
    assert _servers(fmt, applied, key_path) == {**user, **NEW}
    assert _step(path, fmt, applied, key_path, NEW.items()) == applied
    healed = _step(path, fmt, applied, key_path, [("aido-github", HEALED)])
    assert _servers(fmt, healed, key_path) == {**user, **NEW, "aido-github": HEALED}
    for before in (applied, healed):
        assert _step(path, fmt, before, key_path, [(n, None) for n in NEW]) == raw


PLACED = {
    ".mcp.json": "claude-project-mcp.json",
    ".codex/config.toml": "codex-profiles.toml",
    ".vscode/mcp.json": "vscode-commented.jsonc",
    "opencode.json": "opencode-schema.jsonc",
    ".cursor/mcp.json": "cursor-crlf.json",
    ".gemini/settings.json": "gemini-settings.json",
}
ADAPTERS = ["claude-code", "codex", "vscode", "opencode", "cursor", "gemini-cli"]
AIDO_TOML = (
    f"adapters = {json.dumps(ADAPTERS)}\n"
    '[mcp]\nadd = ["context7", "git"]\nskip = ["sequential-thinking"]\n'
)


def test_corpus_files_survive_aido_apply_heal_destroy(tmp_path: Path) -> None:
    """Through the CLI: apply, a hand edit healed by apply, destroy: every file as it was."""
    project = new_project(tmp_path, AIDO_TOML)
    (project / ".git").mkdir()
    for rel, name in PLACED.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_bytes((CORPUS / name).read_bytes())
    assert aido(project, "apply", "--yes") == 0
    config = project / ".codex" / "config.toml"
    git = tomllib.loads(config.read_text())["mcp_servers"]["git"]
    doc = Document(config, Format.TOML, config.read_bytes())
    doc.set_entry(("mcp_servers",), "git", {**git, "args": [*git["args"], "--drifted"]})
    config.write_bytes(doc.render())
    assert aido(project, "apply", "--yes") == 0
    assert tomllib.loads(config.read_text())["mcp_servers"]["git"] == git
    assert aido(project, "destroy", "--yes") == 0
    for rel, name in PLACED.items():
        assert (project / rel).read_bytes() == (CORPUS / name).read_bytes(), rel
