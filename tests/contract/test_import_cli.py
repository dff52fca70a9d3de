"""The real CLIs list imported servers as they listed them before (issue 50, Must show).

For a sample of the corpus (fixtures/corpus/, project files of Claude Code, Codex, Gemini
CLI and OpenCode): the harness's own listing before `aido import`, then after it; every
catalog server import writes in the same form it found (its command, or its URL) is
listed with the same command and the same URL, under its catalog id when renamed.
"""

from __future__ import annotations

import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.documents.document import read_document
from aidokit.reconcile.read.choices.layers import user_config_path
from aidokit.reconcile.write.importer import classify
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox

pytestmark = pytest.mark.contract

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"
CLI = {"claude-code": "claude", "codex": "codex", "gemini-cli": "gemini", "opencode": "opencode"}


def cases() -> list[tuple[str, Path]]:
    """Samples of the four harnesses that hold a catalog server (project and user files)."""
    out = []
    for source in sorted(CORPUS.glob("*/*/SOURCE.toml")):
        meta = tomllib.loads(source.read_text(encoding="utf-8"))
        if meta["harness"] in CLI and any(meta["servers"].values()):
            out.append((meta["harness"], source.parent))
    return out


@pytest.fixture
def box_env(sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch) -> Iterator[Sandbox]:
    for name, value in sandbox.env().items():
        if name != "PATH":
            monkeypatch.setenv(name, value)
    yield sandbox


@pytest.mark.parametrize(("harness", "sample"), cases(), ids=lambda v: getattr(v, "name", v))
def test_the_cli_lists_the_same_command_and_url_after_import(
    harness: str, sample: Path, box_env: Sandbox
) -> None:
    cli = CLI[harness]
    project = box_env.project
    meta = tomllib.loads((sample / "SOURCE.toml").read_text(encoding="utf-8"))
    scope = Scope.USER if meta["file"].startswith("home/") else Scope.PROJECT
    for path in sample.rglob("*"):
        if path.is_file() and path.name != "SOURCE.toml":
            inside = path.relative_to(sample)
            dest = project / inside
            if inside.parts[0] == "home":
                dest = box_env.home / Path(*inside.parts[1:])
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
    config = f'adapters = ["{harness}"]\nsuggest = false\n'
    host = Host.current(project)
    layer = user_config_path(host) if scope is Scope.USER else project / "aido.toml"
    layer.parent.mkdir(parents=True, exist_ok=True)
    layer.write_text(config)
    if cli == "codex" and scope is Scope.PROJECT:
        box_env.trust_project(cli)
    adapter = ADAPTERS[harness]
    location = adapter.location(scope, host)
    assert location is not None
    entries = dict(read_document(location.path, location.fmt).get_map(location.map_path) or {})
    catalog = {server.id: server for server in MCP_CATALOG}
    same_form: dict[str, str] = {}  # hand-written name -> catalog id, written in its form
    for name, entry in entries.items():
        found = classify(_Target(adapter, entries), name, entry, catalog)  # type: ignore[arg-type]
        sensitive = found.catalog_id and catalog[found.catalog_id].security_sensitive
        fresh = found.catalog_id and found.catalog_id not in same_form.values()
        if fresh and not sensitive and (not found.replaced or found.catalog_id != name):
            same_form[name] = str(found.catalog_id)
    before = read_back(cli, box_env, scope.value)
    kept = {n: i for n, i in same_form.items() if n in before}
    if not kept:
        pytest.skip(f"{cli} lists none of the catalog servers of {meta['file']}")
    ids = sorted(set(kept.values()))
    argv = ["import", "--yes", *ids, "--scope", scope.value, "--project", str(project)]
    assert main(argv) == 0
    after = read_back(cli, box_env, scope.value)
    for name, entry_id in kept.items():
        old, new = before[name], after[entry_id]
        if old.url is not None and new.url is not None:
            assert new.url.rstrip("/") == old.url.rstrip("/").split("?")[0] or new.url == old.url
        elif old.url is None and new.url is None:
            assert _program(new.command) == _program(old.command), (name, old, new)


class _Target:
    def __init__(self, adapter: object, entries: dict[str, object]) -> None:
        self.adapter, self.shown, self._entries = adapter, "file", entries

    def servers(self) -> dict[str, object]:
        return self._entries


def _program(command: str | None) -> str:
    return (command or "").replace("\\", "/").rsplit("/", 1)[-1]
