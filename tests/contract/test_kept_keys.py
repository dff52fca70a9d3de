"""Keys someone else added to aido's entries survive its applies, and the real CLIs read
them (issue 31): Codex's `startup_timeout_sec`, Gemini's `trust`."""

from __future__ import annotations

import pytest

from aidokit.reconcile.cli.main import main
from aidokit.reconcile.documents import Format
from tests.contract.oracles import codex, gemini
from tests.contract.sandbox import Sandbox
from tests.foreign_keys import add_key

pytestmark = pytest.mark.contract

TOML = '[mcp]\nadd = ["playwright"]\nskip = ["sequential-thinking"]\n'
OVERRIDE = '[override.playwright]\nargs = ["--headless"]\n'


def _apply(box: Sandbox, adapter: str, extra: str = "") -> None:
    (box.project / "aido.toml").write_text(f'adapters = ["{adapter}"]\n{TOML}{extra}')
    assert main(["apply", "--yes", "--project", str(box.project)]) == 0


@pytest.fixture
def box(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Sandbox:
    """aido runs in-process with the sandbox's HOME."""
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    return sandbox


def test_codex_reads_the_entry_with_startup_timeout_kept(box: Sandbox) -> None:
    """`startup_timeout_sec` added by hand stays through an update; `codex mcp list` reads it."""
    box.trust_project("codex")
    _apply(box, "codex")
    path = box.project / ".codex/config.toml"
    tuned, kept = add_key(
        path.read_bytes(), Format.TOML, "playwright", "startup_timeout_sec", 30, "end"
    )
    path.write_bytes(tuned)
    _apply(box, "codex", OVERRIDE)
    assert all(text in path.read_bytes() for text in kept)
    record = codex(box)["playwright"].raw
    assert record["startup_timeout_sec"] == 30
    assert record["transport"]["args"][-1] == "--headless"


def test_gemini_reads_the_entry_with_trust_kept(box: Sandbox) -> None:
    """`trust` added to aido's entry stays through an update; `gemini mcp list` reads it."""
    _apply(box, "gemini-cli")
    path = box.project / ".gemini/settings.json"
    tuned, kept = add_key(path.read_bytes(), Format.JSONC, "playwright", "trust", True, "start")
    path.write_bytes(tuned)
    _apply(box, "gemini-cli", OVERRIDE)
    assert all(text in path.read_bytes() for text in kept)
    view = gemini(box)["playwright"]
    assert (view.transport, view.args[-1]) == ("stdio", "--headless")
