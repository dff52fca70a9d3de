"""The harness's own CLI still lists the person's servers while aido edits a corpus file
(issue 51): for samples of fixtures/corpus/<adapter>/<sample>/ whose harness is pinned, the
file goes into a sandbox where the CLI reads it, then through the corpus round trip's steps
(two catalog servers added, one changed and healed, both removed). After each step the CLI
lists every server it listed for the person's file as written, plus aido's; after the last,
exactly what it listed at first.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.adapters.base import Host, Location, Scope
from tests.contract.oracles import read_back
from tests.contract.sandbox import Sandbox
from tests.reconcile.documents.test_documents_corpus_samples import (
    SAMPLES,
    Run,
    Sample,
    _catalog_entries,
    _changed,
)

pytestmark = pytest.mark.contract

CLI_OF = {
    "codex": "codex",
    "opencode": "opencode",
    "vibe": "vibe",
    "qwen-code": "qwen",
    "gemini-cli": "gemini",
    "amp": "amp",
    "auggie": "auggie",
}
PER_HARNESS = 4  # samples per harness: each CLI run costs seconds


def _chosen() -> list[Sample]:
    chosen: list[Sample] = []
    for harness in CLI_OF:
        chosen += [s for s in SAMPLES if s.harness == harness][:PER_HARNESS]
    return chosen


def _placed(box: Sandbox, sample: Sample, cli: str) -> Location:
    """Copy the sample's file to where the CLI reads it; the location aido edits there."""
    inside = Path(sample.file)
    if sample.scope is Scope.USER:
        target = box.home / Path(*inside.parts[1:])
    else:
        target = box.project / inside
        if cli in ("codex", "vibe"):
            box.trust_project(cli)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes((sample.folder / sample.file).read_bytes())
    host = Host(project=box.project, home=box.home, os="linux", environ=box.env())
    location = ADAPTERS[sample.harness].location(sample.scope, host)
    assert location is not None and location.path == target, (location, target)
    return location


def _names(cli: str, box: Sandbox, scope: Scope) -> set[str]:
    return set(read_back(cli, box, scope.value))


@pytest.mark.parametrize("sample", _chosen(), ids=lambda s: f"{s.harness}/{s.folder.name}")
def test_the_harness_still_lists_the_persons_servers(sample: Sample, sandbox: Sandbox) -> None:
    """Add two, change and heal one, remove both: the CLI's listing keeps the person's."""
    cli = CLI_OF[sample.harness]
    location = _placed(sandbox, sample, cli)
    raw = location.path.read_bytes()
    theirs = _names(cli, sandbox, sample.scope)
    run = Run(location, raw)
    (a, entry_a), (b, entry_b) = _catalog_entries(ADAPTERS[sample.harness], set(run.theirs))
    steps = [
        ({a: entry_a, b: entry_b}, (), {a, b}),
        ({a: _changed(entry_a)}, (), {a, b}),
        ({a: entry_a}, (), {a, b}),
        ({}, (a, b), set()),
    ]
    now = raw
    for sets, deletes, ours in steps:
        now = run.step(now, sets, deletes)
        location.path.write_bytes(now)
        listed = _names(cli, sandbox, sample.scope)
        assert theirs <= listed, f"{sample.folder.name}: the CLI lost {theirs - listed}"
        assert listed - theirs <= ours
    assert now == raw
    assert _names(cli, sandbox, sample.scope) == theirs


INLINE_VIBE = b"""active_model = "devstral-2"
mcp_servers = [
  { name = "fetch", transport = "stdio", command = "uvx", args = ["mcp-server-fetch"] },
  { name = "docs", transport = "http", url = "https://example.com/mcp" }, # team docs
]

[tools.bash]
permission = "ask"
"""


def test_vibe_reads_an_inline_array_aido_edited_in_place(sandbox: Sandbox) -> None:
    """Issue 51: Vibe's own loader reads the person's inline `mcp_servers = [...]` array
    with aido's elements added in place, then as it was once they are removed."""
    sandbox.trust_project("vibe")
    target = sandbox.project / ".vibe" / "config.toml"
    target.parent.mkdir(parents=True)
    target.write_bytes(INLINE_VIBE)
    host = Host(project=sandbox.project, home=sandbox.home, os="linux", environ=sandbox.env())
    location = ADAPTERS["vibe"].location(Scope.PROJECT, host)
    assert location is not None and location.path == target
    run = Run(location, INLINE_VIBE)
    (a, entry_a), (b, entry_b) = _catalog_entries(ADAPTERS["vibe"], set(run.theirs))
    added = run.step(INLINE_VIBE, {a: entry_a, b: entry_b}, ())
    assert added.startswith(INLINE_VIBE.split(b"]\n\n")[0].rsplit(b"\n", 1)[0])
    target.write_bytes(added)
    assert _names("vibe", sandbox, Scope.PROJECT) == {"fetch", "docs", a, b}
    target.write_bytes(run.step(added, {}, (a, b)))
    assert target.read_bytes() == INLINE_VIBE
    assert _names("vibe", sandbox, Scope.PROJECT) == {"fetch", "docs"}
