"""Every corpus sample (fixtures/corpus/<adapter>/<sample>/), byte for byte (issue 51).

For each file written after a public one and the harness it belongs to: add one catalog
server as that harness's adapter renders it, add a second, change one, heal a hand edit of
it, remove both. Every step leaves the person's entries and every other setting as they
were, and removing aido's entries from the file at any step gives back the original bytes
(so each step changed only aido's bytes). Each file also goes through the variants a
person's editor makes: CRLF line breaks, a BOM, no final newline, tabs for indentation.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from ruamel.yaml import YAML

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.base import ITEMS, LIST_ITEMS, NAMED_TABLES, Adapter, Host, Location, Scope
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.core.errors import CatalogError, DocumentError
from aidokit.reconcile.documents import Document, Format

CORPUS = Path(__file__).resolve().parents[3] / "fixtures" / "corpus"
# Catalog servers aido adds, in order of preference: the first two the harness can run
# and the file does not already name.
CANDIDATES = ("git", "context7", "time", "fetch", "memory", "playwright", "github")


class Sample(NamedTuple):
    folder: Path
    harness: str
    file: str

    @property
    def scope(self) -> Scope:
        return Scope.USER if self.file.startswith("home/") else Scope.PROJECT

    def location(self) -> Location:
        adapter = ADAPTERS[self.harness]
        system = "darwin" if "/Library/" in self.file else "linux"
        system = "windows" if "/AppData/" in self.file else system
        host = Host(project=self.folder, home=self.folder / "home", os=system, environ={})
        found = adapter.location(self.scope, host)
        assert found is not None and found.path == self.folder / self.file, self
        return found


def samples() -> list[Sample]:
    found = []
    for source in sorted(CORPUS.glob("*/*/SOURCE.toml")):
        meta = tomllib.loads(source.read_text(encoding="utf-8"))
        if meta["harness"] in ADAPTERS:
            found.append(Sample(source.parent, meta["harness"], meta["file"]))
    return found


SAMPLES = samples()


# -- the editor variants --------------------------------------------------------------------


def _crlf(raw: bytes) -> bytes | None:
    return None if b"\r\n" in raw else raw.replace(b"\n", b"\r\n")


def _bom(raw: bytes) -> bytes | None:
    return None if raw.startswith(b"\xef\xbb\xbf") else b"\xef\xbb\xbf" + raw


def _no_final_newline(raw: bytes) -> bytes | None:
    return raw.rstrip(b"\r\n") if raw.endswith(b"\n") else None


_LEAD = re.compile(rb"^((?:  )+)", re.M)


def _tabs(raw: bytes) -> bytes | None:
    """Two spaces of indentation become a tab (YAML forbids tabs there: no variant)."""
    if b"\t" in raw:
        return None
    changed = _LEAD.sub(lambda m: b"\t" * (len(m.group(1)) // 2), raw)
    return changed if changed != raw else None


VARIANTS: dict[str, Callable[[bytes], bytes | None]] = {
    "as-written": lambda raw: raw,
    "crlf": _crlf,
    "bom": _bom,
    "no-final-newline": _no_final_newline,
    "tabs": _tabs,
}


# -- reading what the harness reads ---------------------------------------------------------


def _parse(fmt: Format, raw: bytes) -> Any:
    """The whole file with an independent parser (aido's own is under test)."""
    text = raw.decode("utf-8").removeprefix("\ufeff")
    if fmt is Format.TOML:
        return tomllib.loads(text)
    if fmt in (Format.YAML, Format.MARKDOWN):
        if fmt is Format.MARKDOWN:
            text = text.split("---", 2)[1]
        return YAML(typ="safe", pure=True).load(text) or {}
    return json.loads(_strip_jsonc(text))


_JSONC = re.compile(r'("(?:[^"\\]|\\.)*")|//[^\n]*|/\*[\s\S]*?\*/')
_TRAILING = re.compile(r'("(?:[^"\\]|\\.)*")|,(\s*[}\]])')


def _strip_jsonc(text: str) -> str:
    """Comments and trailing commas out, strings kept."""
    text = _JSONC.sub(lambda m: m.group(1) or "", text)
    return _TRAILING.sub(lambda m: m.group(1) or m.group(2), text)


def _servers(doc: Document, location: Location) -> dict[str, Any]:
    return dict(doc.get_map(location.map_path) or {})


# -- what aido writes -----------------------------------------------------------------------


def _catalog_entries(adapter: Adapter, taken: set[str]) -> list[tuple[str, dict[str, Any]]]:
    """Two catalog servers as `adapter` renders them, under names the file does not use."""
    catalog = {server.id: server for server in MCP_CATALOG}
    found: list[tuple[str, dict[str, Any]]] = []
    for server_id in CANDIDATES:
        server = catalog[server_id]
        spec = spec_for(server, adapter)
        if spec is None or server_id in taken:
            continue
        try:
            found.append((server_id, adapter.build(server, spec).entry))
        except CatalogError:
            continue
        if len(found) == 2:
            return found
    raise AssertionError(f"{adapter.name} renders fewer than two of {CANDIDATES}")


def _changed(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry after a change in aido.toml: one more argument, or another URL."""
    new = copy.deepcopy(entry)
    for key in ("args", "arguments", "command", "cmd"):  # OpenCode's command is a list
        if isinstance(new.get(key), list):
            new[key] = [*new[key], "--read-only"]
            return new
    for key, value in new.items():
        if isinstance(value, str) and value.startswith("http"):
            new[key] = value + ("&" if "?" in value else "?") + "v=2"
            return new
    new["command"] = str(new.get("command", "")) + " --read-only"
    return new


def _drifted(entry: dict[str, Any]) -> dict[str, Any]:
    """A hand edit of aido's entry: a value changed the way a person would."""
    new = copy.deepcopy(entry)
    for key, value in new.items():
        if isinstance(value, str):
            new[key] = value + "-edited"
            return new
    new["x-edited"] = True
    return new


class Run:
    """A sample's file through the steps, each on a fresh read as apply does."""

    def __init__(self, location: Location, raw: bytes) -> None:
        self.location = location
        self.raw = raw
        first = Document(location.path, location.fmt, raw)
        self.origin = first.origin(location.map_path)
        self.theirs = _servers(first, location)
        self.rest = self._outside(_parse(location.fmt, raw))

    def _outside(self, value: Any) -> Any:
        """The parsed file without the server map (its other settings)."""
        value = copy.deepcopy(value)
        path = [k for k in self.location.map_path if k not in (NAMED_TABLES, LIST_ITEMS, ITEMS)]
        node = value
        for key in path[:-1]:
            if not isinstance(node, dict) or key not in node:
                return value
            node = node[key]
        if isinstance(node, dict) and path:
            node.pop(path[-1], None)
        return value

    def step(self, raw: bytes, sets: dict[str, Any], deletes: tuple[str, ...]) -> bytes:
        doc = Document(self.location.path, self.location.fmt, raw)
        doc.restore(self.location.map_path, self.origin)
        for name, entry in sets.items():
            doc.set_entry(self.location.map_path, name, entry)
        for name in deletes:
            doc.delete_entry(self.location.map_path, name)
        return doc.render()

    def check(self, raw: bytes, ours: dict[str, Any]) -> None:
        """The person's entries and other settings as they were; aido's as written; and
        aido's entries out again gives the original bytes."""
        doc = Document(self.location.path, self.location.fmt, raw)
        servers = _servers(doc, self.location)
        assert {k: v for k, v in servers.items() if k not in ours} == self.theirs
        assert {k: v for k, v in servers.items() if k in ours} == ours
        parsed = _parse(self.location.fmt, raw)
        if not ours or self.location.map_path[0] in parsed:
            assert self._outside(parsed) == self.rest
        assert self.step(raw, {}, tuple(ours)) == self.raw


def round_trip(location: Location, adapter: Adapter, raw: bytes) -> None:
    """Add one, add a second, change one, heal a hand edit, remove both."""
    run = Run(location, raw)
    (a, entry_a), (b, entry_b) = _catalog_entries(adapter, set(run.theirs))
    one = run.step(raw, {a: entry_a}, ())
    run.check(one, {a: entry_a})
    two = run.step(one, {a: entry_a, b: entry_b}, ())
    run.check(two, {a: entry_a, b: entry_b})
    assert run.step(two, {a: entry_a, b: entry_b}, ()) == two  # converged: no change
    changed_a = _changed(entry_a)
    three = run.step(two, {a: changed_a, b: entry_b}, ())
    run.check(three, {a: changed_a, b: entry_b})
    hand = run.step(three, {a: _drifted(changed_a)}, ())
    healed = run.step(hand, {a: changed_a, b: entry_b}, ())
    run.check(healed, {a: changed_a, b: entry_b})
    assert run.step(healed, {}, (a, b)) == raw
    assert run.step(run.step(healed, {}, (b,)), {}, (a,)) == raw


def _cases() -> list[Any]:
    cases = []
    for sample in SAMPLES:
        for variant in VARIANTS:
            cases.append(
                pytest.param(sample, variant, id=f"{sample.harness}/{sample.folder.name}/{variant}")
            )
    return cases


def test_the_corpus_covers_the_harness_kinds_people_use() -> None:
    """At least 150 samples (issue 51), from at least 20 harnesses, in every format of the
    harnesses people commit files for: JSON, JSONC, TOML and YAML."""
    assert len(SAMPLES) >= 150
    assert len({sample.harness for sample in SAMPLES}) >= 20
    formats = {sample.location().fmt for sample in SAMPLES}
    assert {Format.JSON, Format.JSONC, Format.TOML, Format.YAML} <= formats


@pytest.mark.parametrize(("sample", "variant"), _cases())
def test_every_corpus_file_round_trips_byte_for_byte(sample: Sample, variant: str) -> None:
    """Add, add, change, heal, remove: only aido's bytes change, the original comes back."""
    location = sample.location()
    raw = VARIANTS[variant](location.path.read_bytes())
    if raw is None:
        pytest.skip(f"the file already is {variant}")
    try:
        _parse(location.fmt, raw)
    except Exception as exc:  # json, tomllib and ruamel each raise their own
        if variant == "as-written":
            raise
        pytest.skip(f"{variant} makes no valid {location.fmt}: {exc}")
    try:
        round_trip(location, ADAPTERS[sample.harness], raw)
    except DocumentError as exc:
        pytest.fail(f"refused: {exc}")
