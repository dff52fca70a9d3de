"""`aido catalog sync` against a fake MCP Registry on 127.0.0.1 (issue 37).

Paging, `updated_since` from the last sync, a deprecated server, a malformed
answer and a slow one: drafts and the report are written into `--out` only,
the catalog's files and the working folder are byte-identical, and a
registry that fails or stalls ends the command within its deadline with
nothing written.
"""

from __future__ import annotations

import hashlib
import json
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import aidokit.catalog
from aidokit.catalog import models
from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.models import package_of
from aidokit.catalog.validation import dump
from tests.inprocess import run_main
from tests.mcp_registry_fake import FakeRegistry, body, item, running, server_json, stall

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = ROOT / "docs" / "schemas" / "catalog-sync.schema.json"
CATALOG = Path(aidokit.catalog.__file__).resolve().parent


def pin(entry_id: str) -> tuple[str, str, str]:
    """(registry, package, version) the catalog entry pins, read from the catalog itself."""
    spec = next(iter(ENTRIES_BY_ID[entry_id].install.values()))
    package = package_of(spec)
    assert package is not None and package.version
    return package.registry, package.name, package.version


def newer(version: str) -> str:
    return f"{int(version.split('.')[0]) + 1}.0.0"


def package(registry: str, name: str, version: str) -> dict[str, Any]:
    return {
        "registryType": registry,
        "identifier": name,
        "version": version,
        "transport": {"type": "stdio"},
    }


def registry_items() -> list[dict[str, Any]]:
    """A new server, a changed entry, a deprecated entry, an unchanged one, bad ones."""
    memory, fetch = pin("memory"), pin("fetch")
    github_url = next(iter(ENTRIES_BY_ID["github"].install.values())).url  # type: ignore[union-attr]
    return [
        item(server_json("io.github.someone/widgets"), updated="2026-11-01T10:00:00Z"),
        item(
            server_json(
                "io.github.modelcontextprotocol/memory",
                packages=[package(memory[0], memory[1], newer(memory[2]))],
            ),
            updated="2026-11-02T10:00:00Z",
        ),
        item(
            server_json("io.github.modelcontextprotocol/fetch", packages=[package(*fetch)]),
            status="deprecated",
            message="use io.github.example/fetch2 \x1b[2J",
            updated="2026-11-03T10:00:00Z",
        ),
        item(
            server_json(
                "io.github.github/github-mcp-server",
                packages=[],
                remotes=[{"type": "streamable-http", "url": github_url}],
            ),
            updated="2026-11-04T10:00:00Z",
        ),
        item({"name": "io.github.bad/no-description", "version": "1"}),
        item(server_json("io.github.someone/old"), status="deprecated"),
    ]


def tree(folder: Path) -> dict[str, str]:
    """Every file under `folder` by relative path, with its digest."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture
def work(tmp_path: Path) -> Path:
    """A working folder with a file of the user's that must not change."""
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "notes.txt").write_bytes(b"mine\r\n")
    return folder


def sync(work: Path, url: str, *argv: str, timeout: str = "3") -> tuple[int, str, str]:
    result = run_main(
        ["catalog", "sync", "--registry", url, *argv],
        cwd=work,
        env={"AIDO_REGISTRY_TIMEOUT": timeout},
    )
    return result.returncode, result.stdout, result.stderr


def valid(doc: object) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    problems = [e.message for e in Draft202012Validator(schema).iter_errors(doc)]
    assert not problems, problems


def entry_of(source: str) -> models.MCPDef:
    """The MCPDef a draft's Python builds (the names catalog/entries.py imports)."""
    names = {
        "MCPDef": models.MCPDef,
        "StdioSpec": models.StdioSpec,
        "RemoteSpec": models.RemoteSpec,
        "EnvVar": models.EnvVar,
        "everywhere": models.everywhere,
    }
    code = textwrap.dedent(source).strip().rstrip(",")
    built = eval(code, names)  # noqa: S307  (the draft is the test's own output)
    assert isinstance(built, models.MCPDef)
    return built


def test_sync_pages_and_writes_drafts_and_report_only_in_out(work: Path) -> None:
    """Every page is read; drafts for new, changed and deprecated servers; nothing else moves."""
    before_catalog, before_work = tree(CATALOG), tree(work)
    fake = FakeRegistry(items=registry_items(), page_size=2)
    with running(fake):
        code, out, err = sync(work, fake.url, "--json")
    assert code == 0, err
    doc = json.loads(out)
    valid(doc)
    assert [r.get("cursor") for r in fake.requests] == [None, "2", "4"]
    assert all(r["version"] == "latest" and "updated_since" not in r for r in fake.requests)
    assert {d["file"]: d["kind"] for d in doc["drafts"]} == {
        "new-io.github.someone__widgets.py": "new",
        "changed-memory.py": "changed",
        "deprecated-fetch.py": "deprecated",
    }
    changes = {(p["entry_id"], p["change"]) for p in doc["proposals"]}
    assert changes == {("memory", "version"), ("fetch", "deprecated")}
    assert doc["unchanged"] == ["github"]
    assert {s["server"] for s in doc["skipped"]} == {
        "io.github.bad/no-description",
        "io.github.someone/old",
    }
    assert tree(CATALOG) == before_catalog
    drafts = work / "catalog-drafts"
    after = tree(work)
    assert {k: v for k, v in after.items() if not k.startswith("catalog-drafts/")} == before_work
    assert sorted(p.name for p in drafts.iterdir()) == sorted(
        [d["file"] for d in doc["drafts"]] + ["report.txt", "report.json", ".aido-sync.json"]
    )
    assert json.loads((drafts / "report.json").read_text("utf-8")) == doc


def test_drafts_are_entries_as_catalog_import_prints_them(work: Path) -> None:
    """A new draft is the imported entry; a changed one is the catalog's entry with the new pin;
    a deprecated one is the catalog's entry marked deprecated; upstream text is escaped."""
    fake = FakeRegistry(items=registry_items())
    with running(fake):
        code, _, err = sync(work, fake.url)
    assert code == 0, err
    drafts = work / "catalog-drafts"
    new = entry_of((drafts / "new-io.github.someone__widgets.py").read_text("utf-8"))
    assert new.id == "widgets" and new.triggers == ("never",)
    memory = ENTRIES_BY_ID["memory"]
    changed = entry_of((drafts / "changed-memory.py").read_text("utf-8"))
    _, name, version = pin("memory")
    expected = dump(memory)
    expected["tags"] = [*expected["tags"], "registry:io.github.modelcontextprotocol/memory"]
    moved = json.dumps(expected).replace(f"{name}@{version}", f"{name}@{newer(version)}")
    assert json.dumps(dump(changed)) == moved
    deprecated_text = (drafts / "deprecated-fetch.py").read_text("utf-8")
    deprecated = entry_of(deprecated_text)
    assert deprecated.deprecated and deprecated.install == ENTRIES_BY_ID["fetch"].install
    assert "\x1b" not in deprecated_text and "\\x1b[2J" in deprecated_text


def test_the_text_report_names_drafts_and_proposals(work: Path) -> None:
    """The text report lists every draft, proposal and skip, and says the catalog is unchanged."""
    fake = FakeRegistry(items=registry_items())
    with running(fake):
        code, out, _ = sync(work, fake.url)
    assert code == 0
    assert "6 servers listed in full" in out
    assert "changed-memory.py  (changed: io.github.modelcontextprotocol/memory)" in out
    assert "fetch: deprecated: deprecated upstream: use io.github.example/fetch2" in out
    assert "\x1b" not in out
    assert "The catalog was not changed" in out
    assert out == (work / "catalog-drafts" / "report.txt").read_text("utf-8")


def test_a_second_sync_reads_only_what_changed_since_the_first(work: Path) -> None:
    """The state keeps the newest updatedAt; the next sync asks updated_since it and drafts
    only what came later (a deleted server included by the registry is skipped)."""
    items = registry_items()
    fake = FakeRegistry(items=items)
    with running(fake):
        assert sync(work, fake.url)[0] == 0
        state = json.loads((work / "catalog-drafts" / ".aido-sync.json").read_text("utf-8"))
        assert state["registries"][fake.url]["updated_since"] == "2026-11-04T10:00:00Z"
        items += [
            item(server_json("io.github.someone/gadgets"), updated="2026-11-05T00:00:00.5Z"),
            item(
                server_json("io.github.someone/gone"),
                status="deleted",
                updated="2026-11-04T12:00:00+00:00",
            ),
        ]
        fake.requests.clear()
        code, out, err = sync(work, fake.url, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert fake.requests[0]["updated_since"] == "2026-11-04T10:00:00Z"
    assert doc["updated_since"] == "2026-11-04T10:00:00Z" and doc["servers"] == 2
    assert [d["file"] for d in doc["drafts"]] == ["new-io.github.someone__gadgets.py"]
    assert doc["skipped"][0]["reason"] == "deleted upstream and not in the catalog"
    assert doc["next_updated_since"] == "2026-11-05T00:00:00.500000Z"
    assert (work / "catalog-drafts" / "changed-memory.py").is_file()  # the first run's stay


def test_full_reads_everything_again(work: Path) -> None:
    """--full ignores the saved updated_since."""
    fake = FakeRegistry(items=registry_items())
    with running(fake):
        assert sync(work, fake.url)[0] == 0
        fake.requests.clear()
        assert sync(work, fake.url, "--full")[0] == 0
    assert all("updated_since" not in r for r in fake.requests)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (body(b"<html>"), "not JSON"),
        (body(b'{"servers": "all"}'), "without a list of servers"),
        (body(b'{"servers": [{"server": 5}]}'), "the server item"),
        (body(b'{"servers": [], "metadata": {"nextCursor": ["x"]}}'), "the page cursor"),
        (body(b'{"error": "x"}', status=500), "answered 500"),
    ],
)
def test_a_malformed_page_writes_nothing(work: Path, answer: object, expected: str) -> None:
    """A malformed second page: exit 1, one sentence, no drafts folder, no state."""
    before = tree(work)
    fake = FakeRegistry(items=registry_items(), page_size=2)

    def second_page(handler: Any) -> bool:
        return "cursor=" in handler.path and answer(handler)  # type: ignore[operator]

    fake.override = second_page
    with running(fake):
        code, out, err = sync(work, fake.url)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and expected in err
    assert tree(work) == before and not (work / "catalog-drafts").exists()


def test_a_cursor_that_repeats_is_refused(work: Path) -> None:
    """A registry that sends the same cursor forever is stopped, not followed."""
    loop = body(b'{"servers": [], "metadata": {"nextCursor": "same"}}')
    fake = FakeRegistry(override=loop)
    with running(fake):
        code, _, err = sync(work, fake.url)
    assert code == 1 and "sent the cursor 'same' twice" in err
    assert len(fake.requests) == 2


def test_a_slow_registry_ends_at_the_deadline_with_nothing_written(work: Path) -> None:
    """A stalled second page ends the whole command within AIDO_REGISTRY_TIMEOUT."""
    before = tree(work)
    fake = FakeRegistry(items=registry_items(), page_size=2)
    stalled = stall(30)
    fake.override = lambda handler: "cursor=" in handler.path and stalled(handler)
    start = time.monotonic()
    with running(fake):
        code, _, err = sync(work, fake.url, timeout="1")
        took = time.monotonic() - start
    assert code == 1 and "did not answer within 1 s" in err
    assert took < 5
    assert tree(work) == before


def test_a_damaged_state_file_is_one_sentence(work: Path) -> None:
    """A sync state that is not aido's is refused, naming the file and the fix; it stays."""
    out = work / "catalog-drafts"
    out.mkdir()
    (out / ".aido-sync.json").write_text('{"format_version": 1, "registries": []}', "utf-8")
    before = tree(work)
    fake = FakeRegistry(items=registry_items())
    with running(fake):
        code, _, err = sync(work, fake.url)
    assert code == 1 and ".aido-sync.json is not an aido sync state" in err and "--full" in err
    assert tree(work) == before and fake.requests == []


def test_sync_options_belong_to_sync(work: Path) -> None:
    """`--out` on another catalog action is a usage error, not silently ignored."""
    result = run_main(["catalog", "list", "--out", "x"], cwd=work)
    assert result.returncode == 1 and "belong to `aido catalog sync`" in result.stderr


def test_a_link_in_out_is_replaced_not_written_through(work: Path, tmp_path: Path) -> None:
    """A link standing at a draft's name in --out is replaced; its target keeps its bytes."""
    target = tmp_path / "elsewhere.txt"
    target.write_bytes(b"keep")
    out = work / "catalog-drafts"
    out.mkdir()
    (out / "report.txt").symlink_to(target)
    fake = FakeRegistry(items=registry_items())
    with running(fake):
        assert sync(work, fake.url)[0] == 0
    assert target.read_bytes() == b"keep"
    assert not (out / "report.txt").is_symlink()


def test_only_the_latest_version_of_a_server_is_read(work: Path) -> None:
    """An item the registry marks isLatest: false (an older version it sent anyway) gives
    no draft and is not counted; the latest one is drafted."""
    old = item(server_json("io.github.someone/widgets", version="0.9.0"))
    old["_meta"]["io.modelcontextprotocol.registry/official"]["isLatest"] = False
    fake = FakeRegistry(items=[old, item(server_json("io.github.someone/gadgets"))])
    with running(fake):
        code, out, err = sync(work, fake.url, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["servers"] == 1
    assert [d["file"] for d in doc["drafts"]] == ["new-io.github.someone__gadgets.py"]


def test_a_status_aido_does_not_know_is_reported_not_a_crash(work: Path) -> None:
    """A server whose status is new to aido is skipped with the status (escaped) in the
    reason; the other servers are drafted as usual."""
    odd = item(server_json("io.github.someone/widgets"), status="suspended\x1b[2J")
    fake = FakeRegistry(items=[odd, item(server_json("io.github.someone/gadgets"))])
    with running(fake):
        code, out, err = sync(work, fake.url, "--json")
    assert code == 0, err
    doc = json.loads(out)
    valid(doc)
    assert [d["file"] for d in doc["drafts"]] == ["new-io.github.someone__gadgets.py"]
    (skip,) = doc["skipped"]
    assert skip["server"] == "io.github.someone/widgets"
    assert "status 'suspended\\x1b[2J'" in skip["reason"] and "\x1b" not in out


def test_pages_past_the_total_size_cap_write_nothing(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All pages together are capped (MAX_TOTAL, 256 MiB): past it the sync ends with one
    sentence and exit 1, nothing written; each page stays under its own cap."""
    from aidokit.reconcile.remote import mcp_registry

    monkeypatch.setattr(mcp_registry, "MAX_TOTAL", 1000)  # under the 3 pages' bytes
    before = tree(work)
    fake = FakeRegistry(items=registry_items(), page_size=2)
    with running(fake):
        code, out, err = sync(work, fake.url)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "MiB in all" in err
    assert len(fake.requests) >= 2 and tree(work) == before


def test_a_sync_gets_120_seconds_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Paging a whole registry takes longer than one lookup: a sync's deadline defaults to
    120 s (the other registry commands keep 15); AIDO_REGISTRY_TIMEOUT overrides both."""
    from aidokit.reconcile.cli.commands.catalog_sync import SYNC_TIMEOUT
    from aidokit.reconcile.remote.download import Deadlines

    monkeypatch.delenv("AIDO_REGISTRY_TIMEOUT", raising=False)
    assert SYNC_TIMEOUT == 120
    assert Deadlines(SYNC_TIMEOUT).seconds == 120 and Deadlines().seconds == 15
    monkeypatch.setenv("AIDO_REGISTRY_TIMEOUT", "7")
    assert Deadlines(SYNC_TIMEOUT).seconds == 7
