"""Writes: compare-and-swap, atomic replace, symlinks, modes, locks, killed writers."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aidokit.reconcile.core.errors import LockError, StaleError
from aidokit.reconcile.core.lock import lock_file
from aidokit.reconcile.documents import (
    ABSENT,
    Document,
    Format,
    file_digest,
    read_document,
    write_document,
)

ENTRY = {"command": "npx", "args": ["-y", "pkg"]}
BASE = b'{\n  // user settings\n  "theme": "dark",\n  "mcpServers": {}\n}\n'


def _edit(path: Path, fmt: Format = Format.JSONC) -> Document:
    """Read `path` and add one entry."""
    doc = read_document(path, fmt)
    doc.set_entry(("mcpServers",), "aido", ENTRY)
    return doc


def test_missing_file_reads_as_empty_and_new_file_is_two_space_lf(tmp_path: Path) -> None:
    """A missing file is empty (ABSENT digest); a new one gets 2-space indent, LF, final newline."""
    path = tmp_path / "proj" / ".mcp.json"
    doc = read_document(path, Format.JSON)
    assert (doc.original, doc.digest, doc.value) == (None, ABSENT, {})
    doc.set_entry(("mcpServers",), "aido", ENTRY)
    write_document(doc, create_parents=True)
    expected = {"mcpServers": {"aido": ENTRY}}
    assert path.read_text() == json.dumps(expected, indent=2) + "\n"


def test_untouched_new_document_writes_nothing(tmp_path: Path) -> None:
    """A missing file with no edits is not created."""
    path = tmp_path / ".mcp.json"
    write_document(read_document(path, Format.JSON), create_parents=True)
    assert not path.exists()


def test_unchanged_document_is_not_rewritten(tmp_path: Path) -> None:
    """When render() equals the original, the file (inode, mtime) is untouched."""
    path = tmp_path / "settings.json"
    path.write_bytes(BASE)
    before = path.stat()
    doc = read_document(path, Format.JSONC)
    doc.set_entry(("mcpServers",), "aido", ENTRY)
    doc.delete_entry(("mcpServers",), "aido")
    write_document(doc, create_parents=False)
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_file_changed_after_read_is_stale(tmp_path: Path) -> None:
    """A file edited between read and write raises StaleError and keeps the other edit."""
    path = tmp_path / "settings.json"
    path.write_bytes(BASE)
    doc = _edit(path)
    path.write_bytes(BASE + b"\n")
    with pytest.raises(StaleError, match="changed since it was read; run aido plan again"):
        write_document(doc, create_parents=False)
    assert path.read_bytes() == BASE + b"\n"


def test_file_created_after_reading_it_missing_is_stale(tmp_path: Path) -> None:
    """A file that appears after being read as missing is not overwritten."""
    path = tmp_path / ".mcp.json"
    doc = _edit(path, Format.JSON)
    path.write_bytes(b"{}")
    with pytest.raises(StaleError):
        write_document(doc, create_parents=False)
    assert path.read_bytes() == b"{}"


def test_write_keeps_mode_and_digest_matches(tmp_path: Path) -> None:
    """The new file keeps the original's permission bits; file_digest hashes bytes."""
    path = tmp_path / "settings.json"
    path.write_bytes(BASE)
    path.chmod(0o640)
    doc = _edit(path)
    assert doc.digest == file_digest(BASE)
    write_document(doc, create_parents=False)
    assert path.stat().st_mode & 0o777 == 0o640
    assert read_document(path, Format.JSONC).get_map(("mcpServers",)) == {"aido": ENTRY}


def test_symlinked_config_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    """Writing a symlinked config updates the target; the link remains a link."""
    target = tmp_path / "dotfiles" / "settings.json"
    target.parent.mkdir()
    target.write_bytes(BASE)
    link = tmp_path / "settings.json"
    link.symlink_to(target)
    write_document(_edit(link), create_parents=False)
    assert link.is_symlink()
    assert b'"aido"' in target.read_bytes()
    assert sorted(p.name for p in target.parent.iterdir()) == ["settings.json"]


def test_lock_lives_in_state_dir_and_times_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lock sits under $XDG_STATE_HOME/aido/locks; a held lock gives a clear LockError."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("AIDO_LOCK_TIMEOUT", "0.2")
    path = tmp_path / "proj" / ".mcp.json"
    with lock_file(path):
        locks = list((tmp_path / "state" / "aido" / "locks").iterdir())
        assert len(locks) == 1 and locks[0].name.startswith(".mcp.json-")
        started = time.monotonic()
        held = r"another aido run is editing .*\.mcp\.json"
        with pytest.raises(LockError, match=held), lock_file(path):
            pass  # pragma: no cover
        assert time.monotonic() - started < 2
    with lock_file(path):  # released: can be taken again
        pass
    assert not (tmp_path / "proj").exists()


def test_lock_defaults_to_home_local_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without XDG_STATE_HOME the lock goes to $HOME/.local/state/aido/locks."""
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    with lock_file(tmp_path / "x.toml"):
        assert len(list((tmp_path / ".local/state/aido/locks").iterdir())) == 1


def test_lock_is_shared_across_processes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock held by another process blocks this one until the timeout."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("AIDO_LOCK_TIMEOUT", "0.3")
    path = tmp_path / "settings.json"
    code = (
        "import sys, time; from pathlib import Path\n"
        "from aidokit.reconcile.core.lock import lock_file\n"
        "with lock_file(Path(sys.argv[1])):\n    print('held', flush=True); time.sleep(5)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, cwd=tmp_path, text=True
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        with pytest.raises(LockError), lock_file(path):
            pass  # pragma: no cover
    finally:
        child.kill()
        child.wait()
    with lock_file(path):  # the kernel released the dead holder's lock
        pass


WRITER = """
import sys
from pathlib import Path
from aidokit.reconcile.documents import Format, read_document, write_document
path = Path(sys.argv[1])
n = 0
while True:
    n += 1
    doc = read_document(path, Format.JSON)
    doc.set_entry(("mcpServers",), "x", {"n": n, "pad": "z" * (n % 7)})
    write_document(doc, create_parents=False)
    print(n, flush=True)
"""


def test_sigkilled_writer_leaves_old_or_new_file_never_a_mix(tmp_path: Path) -> None:
    """SIGKILL mid-write leaves a whole version; the next write removes the leftover temp."""
    path = tmp_path / "claude.json"
    projects = {f"/p/{i}": {"history": ["x" * 200] * 10, "mcpServers": {}} for i in range(2500)}
    base = (json.dumps({"projects": projects, "mcpServers": {}}, indent=2) + "\n").encode()
    path.write_bytes(base)
    for delay in (0.15, 0.3, 0.45, 0.6):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], cwd=tmp_path, stdout=subprocess.PIPE
        )
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        raw = path.read_bytes()
        found = json.loads(raw)["mcpServers"].get("x")
        expected = Document(path, Format.JSON, base)
        if found is not None:
            expected.set_entry(("mcpServers",), "x", found)
        assert raw == expected.render()
    doc = read_document(path, Format.JSON)
    doc.set_entry(("mcpServers",), "after", ENTRY)
    write_document(doc, create_parents=False)
    assert [p.name for p in tmp_path.iterdir()] == ["claude.json"]


def test_leftover_temp_of_dead_process_is_cleaned(tmp_path: Path) -> None:
    """A `.aido-tmp-<pid>-` file of a process that is gone is removed by the next write."""
    path = tmp_path / "settings.json"
    path.write_bytes(BASE)
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        text=True,
        capture_output=True,
        check=True,
    )
    dead = tmp_path / f".aido-tmp-{child.stdout.strip()}-abcd-settings.json"
    alive = tmp_path / f".aido-tmp-{os.getppid()}-abcd-settings.json"
    dead.write_bytes(b"half")
    alive.write_bytes(b"busy")
    write_document(_edit(path), create_parents=False)
    assert not dead.exists() and alive.exists()
