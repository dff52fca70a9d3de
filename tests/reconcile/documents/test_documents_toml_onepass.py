"""One pass per TOML file: N edits cost one parse, one scan and one read-back check."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.documents import Document, Format, tomlscan

PATH = Path("/nowhere/onepass/config.toml")
MAP = ("mcp_servers",)
RAW = (
    b'model = "o3"\n\n# mine\n[mcp_servers.mine]\ncommand = "m"\n\n'
    b'[mcp_servers.mine.env]\nK = "v"\n\n# profiles\n[profiles.fast]\nmodel = "o4"\n'
)
ENTRY = {"command": "npx", "args": ["-y", "pkg"], "env": {"K": "v"}}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Count full parses (tomllib.loads of a whole file) and statement scans."""
    calls = {"loads": 0, "scans": 0}
    loads, scan = tomllib.loads, tomlscan.statements

    def counting_loads(text: str, **kw: Any) -> dict[str, Any]:
        calls["loads"] += "[" in text or "\n" in text  # a key's decode is not a file parse
        return loads(text, **kw)

    def counting_scan(text: str) -> list[tomlscan.Statement]:
        calls["scans"] += 1
        return scan(text)

    monkeypatch.setattr(tomllib, "loads", counting_loads)
    monkeypatch.setattr(tomlscan, "statements", counting_scan)
    return calls


def _edit_many(doc: Document, count: int) -> None:
    """Add `count` entries, heal them all, delete every other one and the user's entry."""
    for n in range(count):
        doc.set_entry(MAP, f"s{n}", ENTRY)
    for n in range(count):
        doc.set_entry(MAP, f"s{n}", {**ENTRY, "n": n})
    for n in range(0, count, 2):
        doc.delete_entry(MAP, f"s{n}")
    doc.delete_entry(MAP, "mine")


@pytest.mark.parametrize("count", [10, 300])
def test_many_toml_edits_parse_and_scan_the_file_a_fixed_number_of_times(
    count: int, counted: dict[str, int]
) -> None:
    """Adding, healing and deleting N entries: one parse, one scan, one check at render."""
    doc = Document(Path(f"/nowhere/{count}/config.toml"), Format.TOML, RAW)
    _edit_many(doc, count)
    out = doc.render()
    assert counted == {"loads": 2, "scans": 1}
    expected = {f"s{n}": {**ENTRY, "n": n} for n in range(1, count, 2)}
    assert tomllib.loads(out.decode())["mcp_servers"] == expected
    assert doc.get_map(MAP) == expected
    assert out.startswith(b'model = "o3"\n') and out.endswith(b'[profiles.fast]\nmodel = "o4"\n')


def test_a_rehearsal_and_the_apply_after_it_parse_the_file_once(counted: dict[str, int]) -> None:
    """plan rehearses the edits on a copy, apply makes them: one parse and one check in all."""
    edits: list[tuple[tuple[str, ...], str, Any]] = [(MAP, f"s{n}", ENTRY) for n in range(50)]
    doc = Document(Path("/nowhere/rehearsed/config.toml"), Format.TOML, RAW)
    doc.rehearse([*((m, n, e, ()) for m, n, e in edits), (MAP, "mine", None, ())])
    for key_path, name, entry in edits:
        doc.set_entry(key_path, name, entry)
    doc.delete_entry(MAP, "mine")
    assert doc.changed
    doc.render()
    assert counted == {"loads": 2, "scans": 1}


def test_a_rehearsal_meets_the_read_back_refusal_apply_would_meet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An edit that would not read back as intended is refused by the plan's rehearsal."""
    from aidokit.reconcile.core.errors import DocumentError
    from aidokit.reconcile.documents import tomldoc

    monkeypatch.setattr(tomldoc, "_equal", lambda left, right: False)
    doc = Document(PATH, Format.TOML, RAW)
    with pytest.raises(DocumentError, match="did not read back as intended"):
        doc.rehearse([(MAP, "new", ENTRY, ())])
    assert doc.render() == RAW


def test_setting_an_entry_back_to_what_the_file_holds_restores_its_bytes() -> None:
    """Heal an entry, then set it back (or delete and re-add it): the file is unchanged."""
    doc = Document(PATH, Format.TOML, RAW)
    mine = {"command": "m", "env": {"K": "v"}}
    doc.set_entry(MAP, "mine", {"command": "other"})
    doc.set_entry(MAP, "mine", mine)
    assert doc.render() == RAW and not doc.changed
    doc.delete_entry(MAP, "mine")
    doc.set_entry(MAP, "mine", mine)
    assert doc.render() == RAW


def test_an_entry_added_and_deleted_in_one_batch_leaves_no_trace(
    counted: dict[str, int],
) -> None:
    """New entries deleted again before rendering: the bytes as read, parsed only once."""
    doc = Document(PATH, Format.TOML, RAW)
    for name in ("a", "b", "c"):
        doc.set_entry(MAP, name, ENTRY)
    for name in ("b", "a", "c"):
        doc.delete_entry(MAP, name)
    assert doc.render() == RAW and doc.value == tomllib.loads(RAW.decode())
    assert counted["loads"] == 2  # the read and the check just above: none at render


def test_new_entries_go_in_edit_order_after_the_maps_last_table() -> None:
    """Several new entries go after the map's last table, each with its one blank line."""
    doc = Document(PATH, Format.TOML, RAW)
    doc.set_entry(MAP, "b", {"command": "b"})
    doc.set_entry(MAP, "a", {"command": "a"})
    out = doc.render().decode()
    assert out == RAW.decode().replace(
        "\n# profiles",
        '\n[mcp_servers.b]\ncommand = "b"\n\n[mcp_servers.a]\ncommand = "a"\n\n# profiles',
    )


def test_aido_apply_parses_and_scans_a_codex_config_once(
    tmp_path: Path, counted: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the CLI, plan then apply: config.toml is parsed, scanned and checked once."""
    import os
    import time

    from tests.helpers import aido, new_project

    parsed: list[str] = []
    loads = tomllib.loads

    def recording(text: str, **kw: Any) -> dict[str, Any]:
        parsed.append(text)
        return loads(text, **kw)

    monkeypatch.setattr(tomllib, "loads", recording)
    project = new_project(tmp_path, 'adapters = ["codex"]\n')
    config = project / ".codex" / "config.toml"
    config.parent.mkdir()
    config.write_bytes(RAW)
    past = time.time() - 1  # settled: apply may take the document its plan read
    os.utime(config, (past, past))
    assert aido(project, "apply", "--yes") == 0
    servers = loads(config.read_text())["mcp_servers"]
    assert len(servers) > 1 and config.read_bytes().startswith(b'model = "o3"\n\n# mine\n')
    assert counted["scans"] == 1
    assert len([text for text in parsed if "# mine" in text]) == 2  # as read; as written
