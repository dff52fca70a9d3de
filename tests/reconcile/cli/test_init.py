"""`aido init`: detect, ask on a terminal (tested through a pty), write aido.toml."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from aidokit.adapters.base import Scope
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.choices.config import load_config
from aidokit.reconcile.read.survey import small_set, survey

# Runs `aido` with two extra catalog entries: one never suggested, one sensitive.
WRAPPER = """
import sys
from aidokit.catalog import entries
from aidokit.catalog.models import MCPDef, StdioSpec

def extra(id, sensitive):
    spec = StdioSpec(command="npx", args=("-y", f"@example/{id}"))
    return MCPDef(
        id=id, name=id, purpose=f"{id} purpose", suggested_for=("researcher",),
        triggers=("never",), install={"claude-code": spec}, security_sensitive=sensitive,
    )

entries.MCP_CATALOG = (*entries.MCP_CATALOG, extra("extra-docs", False), extra("vault", True))
from aidokit.reconcile.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


class Terminal:
    """A child process on a pseudo-terminal, driven like `expect`."""

    def __init__(self, argv: list[str], cwd: Path, *, term: str = "dumb") -> None:
        """`term`: `dumb` asks with numbers, a real one (`xterm`) with the arrow-key lists."""
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": term, "COLUMNS": "80"}
        self.proc = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=slave, stdout=slave, stderr=slave, close_fds=True
        )
        os.close(slave)
        self.seen = ""

    def expect(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"timed out waiting for {text!r}; got:\n{self.seen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    chunk = b""
                assert chunk, f"child exited before {text!r}; got:\n{self.seen}"
                self.seen += chunk.decode("utf-8", "replace")

    def send(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def keys(self, data: bytes) -> None:
        os.write(self.master, data)

    def wait(self) -> int:
        code = self.proc.wait(timeout=20)
        os.close(self.master)
        return code


@pytest.fixture
def fresh(fixture_project: Callable[[str], Path]) -> Path:
    project = fixture_project("demo-project")
    (project / "aido.toml").unlink()
    return project


PICK = "Pick by numbers or names"
EXTRAS = "Other catalog servers to add, by id"


def test_tty_prompts_show_suggestions_and_write_choices(fresh: Path) -> None:
    """On a terminal that cannot draw, init asks with numbers: the suggestions once, with
    why; a wrong number is asked again; extras are typed by id, a typo answered."""
    term = Terminal([sys.executable, "-c", WRAPPER, "init"], fresh)
    term.expect("Harnesses to manage")
    term.expect(PICK)
    term.send("99")
    term.expect("not a choice: 99")
    term.send("claude-code")
    term.expect("Suggested servers to install")
    term.expect(PICK)
    term.send("")
    term.expect(EXTRAS)
    term.send("extra-doc")
    term.expect("not a catalog id: extra-doc (did you mean 'extra-docs'?)")
    term.send("extra-docs vault")
    term.expect("vault is security-sensitive")
    term.expect("Next: aido plan")
    assert term.wait() == 0, term.seen
    assert term.seen.count("context7  (always)") == 1  # the suggestions are listed once
    config = load_config(fresh).config
    assert config.adapters == ("claude-code",)
    kept = small_set(survey(fresh))
    assert config.mcp.add == (*kept, "extra-docs", "vault") and not config.suggest
    assert f"  servers: {', '.join(kept)}, extra-docs, vault ({len(kept)} of " in term.seen


def test_tty_enter_keeps_the_detected_defaults(fresh: Path) -> None:
    """Pressing Enter at every prompt keeps the detected harnesses and adds nothing."""
    (fresh / ".mcp.json").write_text("{}")
    term = Terminal([sys.executable, "-c", WRAPPER, "init"], fresh)
    term.expect("[x] claude-code  (found .mcp.json)")
    term.expect(PICK)
    term.send("")
    term.expect("Suggested servers to install")
    term.expect(PICK)
    term.send("")
    term.expect(EXTRAS)
    term.send("")
    assert term.wait() == 0, term.seen
    config = load_config(fresh).config
    assert "claude-code" in survey(fresh).detected
    assert config.adapters == survey(fresh).detected
    # Enter keeps a small set of the suggestions, and only those (issue 16).
    kept = small_set(survey(fresh))
    assert config.mcp.add == kept and not config.suggest
    assert 0 < len(kept) <= 3 < len(survey(fresh).suggested)


def test_tty_keeps_only_the_suggestions_picked(fresh: Path) -> None:
    """Naming one suggestion keeps just that one; `-` keeps none."""
    term = Terminal([sys.executable, "-c", WRAPPER, "init"], fresh)
    term.expect(PICK)
    term.send("claude-code")
    term.expect("Suggested servers to install")
    term.expect(PICK)
    term.send("context7")
    term.expect(EXTRAS)
    term.send("")
    assert term.wait() == 0, term.seen
    config = load_config(fresh).config
    assert config.mcp.add == ("context7",) and not config.suggest


def test_tty_arrow_keys_pick_harnesses_and_servers(fresh: Path, sandbox_home: Path) -> None:
    """On a real terminal: the harnesses found (here and in the home folder) come first,
    marked; space toggles, Enter accepts; the whole session stays short."""
    (fresh / ".mcp.json").write_text("{}")
    (sandbox_home / ".codex").mkdir()
    term = Terminal([sys.executable, "-c", WRAPPER, "init"], fresh, term="xterm-256color")
    term.expect("Harnesses to manage  (arrows move")
    term.expect("[x] codex  (found ~/.codex)")
    term.keys(b" \r")  # the cursor starts on the first found one: claude-code, now off
    term.expect("Suggested servers to install  (arrows move")
    term.keys(b"n\x1b[B \r")  # none, then only the second suggestion
    term.expect(EXTRAS)
    term.send("")
    term.expect("Next: aido")
    assert term.wait() == 0, term.seen
    found = survey(fresh)
    config = load_config(fresh).config
    assert config.adapters == tuple(n for n in found.detected if n != "claude-code")
    assert "codex" in config.adapters
    assert config.mcp.add == (found.suggested[1].id,)
    lines = term.seen.replace("\x1b[J", "").count("\n")
    assert lines <= 45, term.seen  # issue 38: init printed 104 lines


def test_yes_plan_installs_only_the_small_set(
    fresh: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido init --yes` then plan: only the kept suggestions are planned, not every one."""
    assert main(["init", "--yes", "--adapter", "claude-code", "--project", str(fresh)]) == 0
    capsys.readouterr()
    assert main(["plan", "--json", "--project", str(fresh)]) == 0
    (file,) = json.loads(capsys.readouterr().out)["files"]
    created = {c["name"] for c in file["changes"] if c["action"] == "create"}
    assert created == set(small_set(survey(fresh)))


def test_yes_writes_detected_defaults(fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--yes` writes the detected harnesses into a commented aido.toml that loads."""
    (fresh / ".claude").mkdir()
    assert main(["init", "--yes", "--project", str(fresh)]) == 0
    text = (fresh / "aido.toml").read_text()
    assert text.startswith("#:schema ") and text.splitlines()[1].startswith("# aido.toml")
    assert "#   context7: always" in text
    loaded = load_config(fresh)
    assert "claude-code" in survey(fresh).detected
    assert loaded.present and loaded.config.adapters == survey(fresh).detected
    # demo-project has hand-written servers: the next step is import, then plan (issue 38 §1)
    assert "then aido plan" in capsys.readouterr().out.splitlines()[-1]


def test_yes_with_nothing_detected_leaves_adapters_unset(tmp_path: Path) -> None:
    """With no harness detected, adapters stay unset (detection on each run) and say so."""
    fresh = tmp_path / "empty"
    fresh.mkdir()
    assert main(["init", "--yes", "--project", str(fresh)]) == 0
    config = load_config(fresh).config
    assert config.adapters is None
    assert '# adapters = ["claude-code"]' in (fresh / "aido.toml").read_text()


def test_yes_with_adapter_option_pins_it(fresh: Path) -> None:
    """`--adapter NAME` chooses the harnesses instead of detection."""
    assert main(["init", "--yes", "--adapter", "claude-code", "--project", str(fresh)]) == 0
    assert load_config(fresh).config.adapters == ("claude-code",)


def test_unknown_adapter_is_refused(fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown `--adapter` exits 1 and writes nothing."""
    assert main(["init", "--yes", "--adapter", "nope", "--project", str(fresh)]) == 1
    assert "unknown adapter 'nope'" in capsys.readouterr().err
    assert not (fresh / "aido.toml").exists()


def test_never_overwrites_existing_config(
    fixture_project: Callable[[str], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """An existing aido.toml is left byte-identical and init exits 1 saying merge is out."""
    project = fixture_project("demo-project")
    before = (project / "aido.toml").read_bytes()
    assert main(["init", "--yes", "--project", str(project)]) == 1
    assert (project / "aido.toml").read_bytes() == before
    assert "never overwrites" in capsys.readouterr().err


def test_without_terminal_or_yes_refuses(fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without a terminal and without --yes, init asks nothing and writes nothing."""
    assert main(["init", "--project", str(fresh)]) == 1
    assert "pass --yes" in capsys.readouterr().err
    assert not (fresh / "aido.toml").exists()


def test_init_scope_user_never_speaks_of_this_project(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido init --scope user` writes the user layer in its own words (issue 54 item 5):
    no "this project", no stack packs (user scope reads no project), the harnesses found
    in the home folder; the file loads as a layer."""
    from aidokit.reconcile.read.choices.config import load_file
    from aidokit.reconcile.read.survey import survey
    from aidokit.reconcile.show.init_template import render_config

    (sandbox_home / ".codex").mkdir()
    project = tmp_path / "proj"
    (project / ".git").mkdir(parents=True)
    assert main(["init", "--scope", "user", "--yes", "--project", str(project)]) == 0
    said = capsys.readouterr().out
    path = sandbox_home / ".config" / "aido" / "aido.toml"
    text = path.read_text()
    assert "this project" not in text + said and "the project" not in text
    assert "stack_packs" not in text
    assert "# aido.toml (your user layer)" in text
    assert "Suggested for your user layer" in text
    assert load_file(path).present
    found = survey(project, Scope.USER)
    for keep in (None, ()):
        assert "this project" not in render_config(found, adapters=(), add=(), keep=keep)
