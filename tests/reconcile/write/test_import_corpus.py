"""`aido import` over the corpus of real-world configuration files (issue 50 §3).

`fixtures/corpus/<adapter>/<sample>/` holds files written after public ones, each with
`SOURCE.toml` naming, per server entry, the catalog id a person would name (the rule is
in fixtures/corpus/README.md). Import's classification must name at least 95% of those
ids, never a wrong one; the whole command never crashes on any sample.
"""

from __future__ import annotations

import os
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Adapter, Host, Scope
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.documents.document import read_document
from aidokit.reconcile.write.importer import classify
from tests.helpers import aido, new_project, user_layer

CORPUS = Path(__file__).resolve().parents[3] / "fixtures" / "corpus"


class Sample(NamedTuple):
    folder: Path
    harness: str
    file: str
    expected: dict[str, str]

    @property
    def scope(self) -> Scope:
        return Scope.USER if self.file.startswith("home/") else Scope.PROJECT


def samples() -> list[Sample]:
    found = []
    for source in sorted(CORPUS.glob("*/*/SOURCE.toml")):
        meta = tomllib.loads(source.read_text(encoding="utf-8"))
        found.append(Sample(source.parent, meta["harness"], meta["file"], meta["servers"]))
    return found


class Target(NamedTuple):
    """What `classify` reads of a targeted file: its adapter, its name and its servers."""

    adapter: Adapter
    shown: str
    entries: dict[str, Any]

    def servers(self) -> dict[str, Any]:
        return self.entries


def entries(sample: Sample) -> Target:
    """The sample's server map, read as aido reads that harness's file."""
    adapter = ADAPTERS[sample.harness]
    host = Host(project=sample.folder, home=sample.folder / "home", os="darwin", environ={})
    location = adapter.location(sample.scope, host)
    assert location is not None and location.path == sample.folder / sample.file, sample
    document = read_document(location.path, location.fmt)
    return Target(adapter, sample.file, dict(document.get_map(location.map_path) or {}))


def test_the_corpus_is_large_and_varied() -> None:
    """At least 150 samples over 12 harnesses once both halves are in (issue 50, Must show);
    every sample names the public file it follows and lists every server of its file."""
    every = samples()
    assert len(every) >= 150 and len({s.harness for s in every}) >= 12
    for sample in every:
        meta = tomllib.loads((sample.folder / "SOURCE.toml").read_text(encoding="utf-8"))
        assert meta["follows"].startswith("https://github.com/"), sample.folder
        assert set(entries(sample).entries) == set(sample.expected), sample.folder


def test_import_recognises_the_catalog_servers_people_write() -> None:
    """>= 95% of the ids a person would name, and never a wrong id."""
    wanted = named = 0
    wrong: list[str] = []
    missed: list[str] = []
    for sample in samples():
        target = entries(sample)
        catalog = {server.id: server for server in MCP_CATALOG}
        for name, expected in sample.expected.items():
            found = classify(target, name, target.entries[name], catalog)  # type: ignore[arg-type]
            got = found.catalog_id or ""
            where = f"{sample.folder.relative_to(CORPUS)} {name!r}: {expected!r} -> {got!r}"
            if got and got != expected:
                wrong.append(where)
            if expected:
                wanted += 1
                named += got == expected
                if got != expected:
                    missed.append(where)
    assert not wrong
    assert wanted >= 110
    assert named / wanted >= 0.95, missed


@pytest.fixture
def home() -> Iterator[Path]:
    yield Path(os.environ["HOME"])


@pytest.mark.parametrize("sample", samples(), ids=lambda s: f"{s.harness}/{s.folder.name}")
def test_import_never_crashes_on_a_sample(tmp_path: Path, home: Path, sample: Sample) -> None:
    """`aido import --adapter A` on each sample ends in 0 or 1 (a typed confirmation it
    cannot get without a terminal), never in a traceback; refusing writes nothing."""
    adapter = ADAPTERS.get(sample.harness)
    if adapter is None:
        pytest.skip(f"{sample.harness} is not an adapter here")
    if adapter.location(sample.scope, Host.current(tmp_path)) is None:
        pytest.skip(f"{sample.harness} has no {sample.scope.value} file on this system")
    project = new_project(tmp_path, f'adapters = ["{sample.harness}"]\nsuggest = false\n')
    for path in sample.folder.rglob("*"):
        if path.is_file() and path.name != "SOURCE.toml":
            relative = path.relative_to(sample.folder)
            if relative.parts[0] == "home":
                dest = home / Path(*relative.parts[1:])
            else:
                dest = project / relative
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)
    argv = ["import", "--yes", "--adapter", sample.harness]
    if sample.scope is Scope.USER:
        user_layer(home, f'adapters = ["{sample.harness}"]\nsuggest = false\n')
        argv += ["--scope", "user"]
    copied = sample.folder / sample.file
    inside = Path(sample.file)
    target = home / Path(*inside.parts[1:]) if sample.scope is Scope.USER else project / inside
    before = target.read_bytes()
    code = aido(project, *argv)
    assert code in (0, 1)
    if code == 1:
        assert target.read_bytes() == before
    assert copied.read_bytes() == before
