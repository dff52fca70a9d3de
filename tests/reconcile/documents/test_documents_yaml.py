"""YAML (Goose) examples: layout followed, neighbours kept, refusals clean, aido end to end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from projects import materialize  # fixtures/ is put on sys.path by tests/conftest.py

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents import Document, Format, read_document, write_document
from tests.helpers import user_layer

PATH = Path("/nowhere/config.yaml")
MAP = ("extensions",)
ENTRY = {"enabled": True, "type": "stdio", "cmd": "npx", "args": ["-y", "pkg"], "envs": {}}
GOOSE_CONFIG = b"""\
# Goose settings; my notes stay.
GOOSE_PROVIDER: anthropic
GOOSE_MODEL: claude-sonnet-4
extensions:
  developer:   # built in
    bundled: true
    enabled: true
    name: developer
    timeout: 300
    type: builtin
GOOSE_MODE: auto
"""


def _added(raw: bytes) -> bytes:
    """Return `raw` after adding ENTRY as "new"."""
    doc = Document(PATH, Format.YAML, raw)
    doc.set_entry(MAP, "new", ENTRY)
    return doc.render()


def test_four_space_indent_and_indented_sequences_are_followed() -> None:
    """A file with 4-space steps and `- x` under-indented lists gets a new entry the same way."""
    raw = b"extensions:\n    a:\n        args:\n            - x\n"
    assert _added(raw) == raw + (
        b"    new:\n        enabled: true\n        type: stdio\n        cmd: npx\n"
        b"        args:\n            - -y\n            - pkg\n        envs: {}\n"
    )


def test_bom_crlf_and_missing_final_newline_are_kept() -> None:
    """BOM and CRLF stay; a file without a final newline still has none."""
    raw = b"\xef\xbb\xbfextensions:\r\n  a:\r\n    cmd: x"
    out = _added(raw)
    assert out.startswith(raw + b"\r\n  new:\r\n    enabled: true\r\n")
    assert out.endswith(b"    envs: {}") and b"\n" not in out.replace(b"\r\n", b"")
    doc = Document(PATH, Format.YAML, out)
    doc.delete_entry(MAP, "new")
    assert doc.render() == raw


def test_empty_flow_map_becomes_block_and_back() -> None:
    """`extensions: {}` takes a block entry; removing it restores `{}` and the comment."""
    raw = b"extensions: {}  # mine\nGOOSE_MODE: auto\n"
    out = _added(raw)
    assert out.startswith(b"extensions:  # mine\n  new:\n    enabled: true\n")
    assert out.endswith(b"    envs: {}\nGOOSE_MODE: auto\n")
    doc = Document(PATH, Format.YAML, out)
    doc.delete_entry(MAP, "new")
    assert doc.render() == raw


def test_missing_map_is_added_after_the_last_key() -> None:
    """A config without `extensions` gets it after the last key, before trailing comments."""
    raw = b"GOOSE_PROVIDER: openai\n\n# GOOSE_MODE: auto\n"
    assert _added(raw) == (
        b"GOOSE_PROVIDER: openai\nextensions:\n  new:\n    enabled: true\n    type: stdio\n"
        b"    cmd: npx\n    args:\n    - -y\n    - pkg\n    envs: {}\n\n# GOOSE_MODE: auto\n"
    )


def test_replacing_an_entry_keeps_neighbours_and_comments() -> None:
    """Replacing `developer` rewrites only its lines; the comment on its key line is its own."""
    doc = Document(PATH, Format.YAML, GOOSE_CONFIG)
    doc.set_entry(MAP, "developer", ENTRY)
    out = doc.render()
    head = GOOSE_CONFIG.split(b"  developer:")[0]
    assert out.startswith(head + b"  developer:\n    enabled: true\n")
    assert out.endswith(b"    envs: {}\nGOOSE_MODE: auto\n")


def test_an_edit_that_would_change_a_neighbour_is_refused() -> None:
    """A keep-chomped block scalar owns its trailing blank lines: the splice is refused."""
    raw = b"extensions:\n  a:\n    description: |+\n      text\n\n"
    doc = Document(PATH, Format.YAML, raw)
    with pytest.raises(DocumentError, match="did not read back"):
        doc.set_entry(MAP, "new", ENTRY)
    assert doc.render() == raw
    assert doc.get_map(MAP) == {"a": {"description": "text\n\n"}}


def test_equal_entry_changes_no_byte_and_writes_nothing(tmp_path: Path) -> None:
    """Setting an entry to the value it has (any layout) leaves the file untouched on disk."""
    path = tmp_path / "config.yaml"
    path.write_bytes(b"extensions:\n  a: {cmd: npx, args: [-y, pkg]}  # flow, mine\n")
    before = path.stat().st_mtime_ns
    doc = read_document(path, Format.YAML)
    doc.set_entry(MAP, "a", {"args": ["-y", "pkg"], "cmd": "npx"})
    assert not doc.changed
    write_document(doc, create_parents=False)
    assert path.stat().st_mtime_ns == before


def test_aliases_outside_the_map_cost_their_size_not_their_expansion() -> None:
    """A "billion laughs" block beside `extensions` is kept and does not blow up the edit."""
    laughs = b'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n'
    for level in "bcdefghi":
        prev = chr(ord(level) - 1)
        laughs += f"{level}: &{level} [{', '.join(['*' + prev] * 9)}]\n".encode()
    out = _added(laughs + b"extensions: {}\n")
    assert out.startswith(laughs)


def test_five_megabyte_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    """A 5 MB config is refused with its size before parsing, and not written."""
    path = tmp_path / "config.yaml"
    line = b"  e%06d: {cmd: npx, args: [-y, pkg], timeout: 300}\n"
    path.write_bytes(b"extensions:\n" + b"".join(line % i for i in range(110_000)))
    assert path.stat().st_size > 5 * 10**6
    before = path.read_bytes()
    with pytest.raises(DocumentError, match=r"config\.yaml is 5\.\d MiB, larger than the 1 MiB"):
        read_document(path, Format.YAML)
    assert path.read_bytes() == before


def test_apply_then_plan_on_a_real_goose_config(sandbox_home: Path, tmp_path: Path) -> None:
    """`aido apply` into ~/.config/goose keeps the user's lines; the next plan has no changes."""
    config = sandbox_home / ".config" / "goose" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_bytes(GOOSE_CONFIG)
    project = materialize("demo-project", tmp_path / "project")
    user_layer(sandbox_home)  # without one, user scope plans nothing (issue 38 §10)
    scope = ["--scope", "user", "--adapter", "goose", "--project", str(project)]
    assert main(["apply", "--yes", *scope]) == 0
    after = config.read_bytes()
    assert after != GOOSE_CONFIG
    for line in GOOSE_CONFIG.splitlines(keepends=True):
        assert line in after
    assert after.startswith(GOOSE_CONFIG[: GOOSE_CONFIG.index(b"GOOSE_MODE")])
    assert after.endswith(b"GOOSE_MODE: auto\n")
    assert main(["plan", "--detailed-exitcode", *scope]) == 0
    assert config.read_bytes() == after


def test_ruamel_is_imported_only_for_yaml_files(sandbox_home: Path, tmp_path: Path) -> None:
    """`aido --version` and a plan without Goose never import ruamel.yaml."""
    project = materialize("demo-project", tmp_path / "project")
    code = (
        "import sys; from aidokit.reconcile.cli import main as cli\n"
        "try: cli.main(['--version'])\nexcept SystemExit: pass\n"
        "print('after --version:', 'ruamel' in ' '.join(sys.modules))\n"
        f"cli.main(['plan', '--project', {str(project)!r}])\n"
        "print('after plan:', 'ruamel' in ' '.join(sys.modules))\n"
    )
    env = {**os.environ, "HOME": str(sandbox_home)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert "after --version: False" in out.stdout
    assert out.stdout.rstrip().endswith("after plan: False")
    assert "Plan:" in out.stdout and "goose" not in out.stdout


@pytest.mark.parametrize(
    ("fmt", "raw", "line"),
    [
        (Format.YAML, b"extensions:\r  mine:\n    cmd: x\n", 1),
        (Format.YAML, b"a: 1\r\nb: 2  # note\rextensions: {}\r\n", 2),
        # Found by `make fuzz` (20,000 examples): a comment ending in a lone CR, then the map.
        (
            Format.MARKDOWN,
            b"---\r\nname: qa  #\rmcp_servers:\r\n  a:\r\n    command: x\r\n---\r\n# QA\r\n",
            2,
        ),
    ],
    ids=["yaml", "yaml after CRLF", "frontmatter"],
)
def test_a_lone_carriage_return_is_refused_when_read(fmt: Format, raw: bytes, line: int) -> None:
    """YAML breaks a line at a lone CR, aido's splicing would not: refused, naming the line,
    before any edit (it once set an entry there and then could not delete it)."""
    path = Path("/p/agent.md" if fmt is Format.MARKDOWN else "/p/config.yaml")
    with pytest.raises(DocumentError, match=rf"^{path}:{line}: .*carriage return alone"):
        Document(path, fmt, raw)


@pytest.mark.parametrize(
    ("fmt", "raw", "reason"),
    [
        (Format.YAML, b"extensions:\n  mine:\n    n: " + b"9" * 5000 + b"\n", "4300 digits"),
        (Format.YAML, b"extensions:\n  mine:\n    when: 2024-13-01\n", "month must be"),
        (Format.MARKDOWN, b"---\nname: qa\nn: " + b"9" * 5000 + b"\n---\nbody\n", "4300 digits"),
        (Format.MARKDOWN, b"---\nname: qa\nwhen: 2024-02-30\n---\nbody\n", "day is out of"),
    ],
    ids=["yaml int", "yaml date", "frontmatter int", "frontmatter date"],
)
def test_a_value_python_cannot_hold_is_refused_when_read(
    fmt: Format, raw: bytes, reason: str
) -> None:
    """A 5000-digit integer or an impossible date is one sentence naming the file, not a crash."""
    path = Path("/p/agent.md" if fmt is Format.MARKDOWN else "/p/config.yaml")
    with pytest.raises(DocumentError, match=rf"^{path}: .*cannot read \(.*{reason}.*\); fix it"):
        Document(path, fmt, raw)
