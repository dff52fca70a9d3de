"""One pass per file: batched edits, a plan's document reused by apply, one hash per read."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.core import atomic
from aidokit.reconcile.core import atomic as doc_format
from aidokit.reconcile.documents import Document, Format, document, jsonedit, jsonscan
from aidokit.reconcile.documents.document import read_document

ENTRY = {"command": "npx", "args": ["-y", "pkg"]}


def _settled(path: Path, data: bytes) -> None:
    """Write `data` and date it a second back, as a file nobody is writing to."""
    path.write_bytes(data)
    past = time.time() - 1
    os.utime(path, (past, past))


@pytest.mark.parametrize("count", [10, 300])
def test_many_edits_of_one_file_scan_it_a_fixed_number_of_times(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adding, healing and deleting N entries looks at the big objects the same few times."""
    raw = json.dumps({"projects": {f"/p{n}": {"x": [n] * 50} for n in range(200)}}).encode()
    calls: list[int] = []
    real = jsonscan.members

    def counting(scan: str, open_pos: int, text: str, **kw: bool) -> object:
        calls.append(len(scan))
        return real(scan, open_pos, text, **kw)

    monkeypatch.setattr(jsonedit, "members", counting)
    doc = Document(Path("/x/.claude.json"), Format.JSON, raw)
    for n in range(count):
        doc.set_entry(("mcpServers",), f"s{n}", ENTRY)
    doc.render()
    for n in range(count):
        doc.set_entry(("mcpServers",), f"s{n}", {**ENTRY, "n": n})
        if n % 2:
            doc.delete_entry(("mcpServers",), f"s{n + 1}")  # set again by the next round
    doc.render()
    big = [size for size in calls if size > len(raw) // 2]
    assert len(big) <= 4, big  # the top level, once per pass, never once per entry
    assert len(calls) <= 12
    assert doc.get_map(("mcpServers",)) == {f"s{n}": {**ENTRY, "n": n} for n in range(count)}


def test_apply_reuses_the_document_its_plan_read(tmp_path: Path) -> None:
    """A settled file read twice in one process is parsed once; any change reads it again."""
    path = tmp_path / "mcp.json"
    _settled(path, b'{"mcpServers": {}}\n')
    first = read_document(path, Format.JSON)
    assert read_document(path, Format.JSON) is first
    first.set_entry(("mcpServers",), "a", ENTRY)
    assert read_document(path, Format.JSON) is not first  # an edited document is not reused
    _settled(path, b'{"mcpServers": {"b": {}}}\n')
    assert read_document(path, Format.JSON).get_map(("mcpServers",)) == {"b": {}}


def test_a_file_written_just_now_is_read_again(tmp_path: Path) -> None:
    """Within a clock tick of its last write a stamp proves nothing: no reuse, no memo."""
    path = tmp_path / "mcp.json"
    path.write_bytes(b'{"a": 1}')
    first = read_document(path, Format.JSON)
    path.write_bytes(b'{"a": 2}')
    assert read_document(path, Format.JSON).value == {"a": 2}
    assert first is not read_document(path, Format.JSON)


def test_digest_is_not_recomputed_for_an_unchanged_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """current_digest of a file read moments ago uses the digest taken at the read."""
    path = tmp_path / "big.json"
    _settled(path, b'{"a": 1}')
    doc = read_document(path, Format.JSON)
    monkeypatch.setattr(hashlib, "file_digest", None)  # any hashing would fail
    monkeypatch.setattr(atomic, "sha256", None)
    assert atomic.current_digest(path) == doc.digest
    monkeypatch.undo()
    _settled(path, b'{"a": 22}')
    assert atomic.current_digest(path) != doc.digest
    assert document.read_document(path, Format.JSON).digest == atomic.current_digest(path)


def test_a_user_scope_apply_reads_checks_and_hashes_the_big_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the CLI: one read, one validation and one hash of ~/.claude.json as it was,
    one hash of what is written; and the file is written from pieces, never joined."""
    home = Path(os.environ["HOME"])
    projects = {f"/p{n}": {"history": [{"display": f"módulo {n}"}] * 20} for n in range(300)}
    raw = json.dumps({"projects": projects, "mcpServers": {}}, indent=2).encode()
    _settled(home / ".claude.json", raw)
    calls: Counter[str] = Counter()
    _count(monkeypatch, document, "read_stamped", calls)
    _count(monkeypatch, jsonedit, "walk", calls)  # where jsonedit looks it up
    real_sha = doc_format.sha256
    assert len(raw) < doc_format.SMALL  # hashed by format.sha256, not hashlib.file_digest

    def sha(data: bytes = b"") -> Any:
        """Count hashes of big inputs (pieces are fed by update, so wrap that too)."""
        inner = real_sha(data)
        fed = [len(data)]

        class Counted:
            def update(self, more: Any) -> None:
                fed[0] += len(more)
                inner.update(more)

            def _count_if_file(self) -> None:
                if fed[0] >= len(raw) // 2:
                    calls["sha256 of the file"] += 1

            def hexdigest(self) -> str:
                self._count_if_file()
                return inner.hexdigest()

            def digest(self) -> bytes:
                self._count_if_file()
                return inner.digest()

        return Counted()

    monkeypatch.setattr(doc_format, "sha256", sha)
    monkeypatch.setattr(atomic, "sha256", sha)
    monkeypatch.setattr(jsonedit.JsonEditor, "raw", property(_refuse_join))
    project = tmp_path / "proj"
    project.mkdir()
    (home / ".config" / "aido").mkdir(parents=True)
    (home / ".config" / "aido" / "aido.toml").write_text(
        'adapters = ["claude-code"]\nsuggest = false\n[mcp]\nadd = ["context7"]\n'
    )
    assert main(["apply", "--scope", "user", "--yes", "--project", str(project)]) == 0
    assert "context7" in json.loads((home / ".claude.json").read_bytes())["mcpServers"]
    reads = [k for k in calls if k.startswith("read_stamped")]
    assert calls == {"walk": 1, "sha256 of the file": 2, **{k: calls[k] for k in reads}}
    assert sum(calls[k] for k in reads if ".claude.json" in k) == 1


def _count(monkeypatch: pytest.MonkeyPatch, module: Any, name: str, calls: Counter[str]) -> None:
    """Count calls of `module.name` (read_stamped: per file name)."""
    real = getattr(module, name)

    def counting(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        if name == "walk":
            calls["walk"] += len(args[0]) > 100_000
        else:
            calls[f"{name} {Path(args[0]).name}"] += 1
        return found

    monkeypatch.setattr(module, name, counting)


def _refuse_join(self: Any) -> bytes:
    """The editor's bytes, as long as no edit needs joining into a new copy of the file."""
    if self._spliced is not None:
        raise AssertionError("the whole file was joined into one new copy")
    data: bytes = self._raw
    return data
