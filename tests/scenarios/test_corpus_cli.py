"""Every project-scope corpus sample through `aido` itself (issue 51): the file placed in a
project, `aido apply` adds one catalog server, then a second, heals a hand edit of the
first, `add = []` removes both, `aido destroy` leaves nothing: every step keeps the
person's entries, and the file comes back byte for byte; the same again over each sample as
a person's editor saves it (CRLF, a BOM, no final newline, tabs). The Document-level round
trip over every sample is tests/reconcile/documents/test_documents_corpus_samples.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.documents import Document
from tests.helpers import aido, new_project
from tests.reconcile.documents.test_documents_corpus_samples import (
    SAMPLES,
    VARIANTS,
    Sample,
    _catalog_entries,
    _changed,
    _parse,
    _servers,
)

pytestmark = pytest.mark.slow

PROJECT = [s for s in SAMPLES if s.scope is Scope.PROJECT]


def _config(harness: str, add: list[str]) -> str:
    skip = [i for i in ("sequential-thinking", "context7") if i not in add]
    mcp = f"add = {json.dumps(add)}\nskip = {json.dumps(skip)}\n"
    return f"adapters = [{json.dumps(harness)}]\n[mcp]\n{mcp}"


@pytest.mark.parametrize("sample", PROJECT, ids=lambda s: f"{s.harness}/{s.folder.name}")
def test_aido_apply_heal_remove_destroy_gives_the_file_back(sample: Sample, tmp_path: Path) -> None:
    """apply (one, then two), heal a hand edit (an argument added), remove both, destroy:
    the person's bytes at the end."""
    _through_aido(sample, (sample.folder / sample.file).read_bytes(), tmp_path)


def _variants() -> list[Any]:
    return [
        pytest.param(sample, variant, id=f"{sample.harness}/{sample.folder.name}/{variant}")
        for sample in PROJECT
        for variant in VARIANTS
        if variant != "as-written"
    ]


@pytest.mark.parametrize(("sample", "variant"), _variants())
def test_an_editors_variant_through_aido_gives_the_file_back(
    sample: Sample, variant: str, tmp_path: Path
) -> None:
    """The same steps over the file as a person's editor saves it (CRLF, a BOM, no final
    newline, tabs), where the variant is another file that still parses."""
    raw = VARIANTS[variant]((sample.folder / sample.file).read_bytes())
    if raw is None:
        pytest.skip(f"the file already is {variant}")
    try:
        _parse(sample.location().fmt, raw)
    except Exception:  # json, tomllib and ruamel each raise their own
        pytest.skip(f"{variant} makes no valid {sample.location().fmt}")
    _through_aido(sample, raw, tmp_path)


def _through_aido(sample: Sample, raw: bytes, tmp_path: Path) -> None:
    """Place `raw` where the sample's harness reads it and run the steps through `aido`."""
    project = new_project(tmp_path)
    (project / ".git").mkdir()
    target = project / sample.file
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(raw)
    adapter = ADAPTERS[sample.harness]
    location = adapter.location(Scope.PROJECT, Host.current(project))
    assert location is not None and location.path == target

    def servers() -> dict[str, Any]:
        return _servers(Document(target, location.fmt, target.read_bytes()), location)

    theirs = servers()
    (a, _), (b, _) = _catalog_entries(adapter, set(theirs))
    config = project / "aido.toml"
    config.write_text(_config(sample.harness, [a]), encoding="utf-8")
    assert aido(project, "apply", "--yes") == 0
    assert set(servers()) == {*theirs, a}
    config.write_text(_config(sample.harness, [a, b]), encoding="utf-8")
    assert aido(project, "apply", "--yes") == 0
    both = target.read_bytes()
    now = servers()
    assert {k: v for k, v in now.items() if k in theirs} == theirs and {a, b} <= set(now)
    # A hand edit aido heals: one more argument (a changed URL is another server, a conflict).
    stdio = [n for n in (a, b) if any(isinstance(v, list) for v in now[n].values())]
    if stdio:
        doc = Document(target, location.fmt, both)
        doc.set_entry(location.map_path, stdio[0], _changed(now[stdio[0]]))
        target.write_bytes(doc.render())
        assert aido(project, "apply", "--yes") == 0
        assert servers() == now
    config.write_text(_config(sample.harness, []), encoding="utf-8")
    assert aido(project, "apply", "--yes") == 0
    assert target.read_bytes() == raw
    assert aido(project, "destroy", "--yes") == 0
    assert target.read_bytes() == raw
