"""`aido search WORDS [--registry [URL]] [--json]` (issue 37): offline catalog, marked registry."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.inprocess import run_main
from tests.mcp_registry_fake import FakeRegistry, body, item, running, server_json, stall

SCHEMA = Path(__file__).resolve().parents[3] / "docs" / "schemas" / "search.schema.json"


def search(tmp_path: Path, *argv: str, timeout: str = "2") -> tuple[int, str, str]:
    result = run_main(["search", *argv], cwd=tmp_path, env={"AIDO_REGISTRY_TIMEOUT": timeout})
    return result.returncode, result.stdout, result.stderr


def valid(doc: object) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    problems = [e.message for e in Draft202012Validator(schema).iter_errors(doc)]
    assert not problems, problems


def test_offline_search_lists_ranked_entries(tmp_path: Path) -> None:
    """Without --registry nothing is asked of the network; the best entry comes first."""
    code, out, err = search(tmp_path, "postgres", "database")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Catalog: ") and "match 'postgres database'" in lines[0]
    assert lines[1].split()[0] == "postgres-mcp" and "[sensitive]" in lines[1]
    assert "Registry" not in out
    assert list(tmp_path.iterdir()) == []  # nothing written in the working folder


def test_json_output_matches_its_schema(tmp_path: Path) -> None:
    """`--json` is one object with format_version, words and catalog hits; registry null."""
    code, out, _ = search(tmp_path, "GitHub", "--json")
    doc = json.loads(out)
    valid(doc)
    assert code == 0 and doc["words"] == ["github"] and doc["registry"] is None
    assert doc["catalog"][0]["id"] == "github"


def test_no_words_to_look_for_is_one_sentence(tmp_path: Path) -> None:
    """Punctuation only is a usage error naming what to pass."""
    code, _, err = search(tmp_path, "--", "!!")
    assert code == 1 and err.count("\n") == 1 and "aido search postgres" in err


def test_registry_results_are_marked_curated_or_not(tmp_path: Path) -> None:
    """A registry server running a catalog entry's package is curated as it; others are not.
    A deleted server, or one in a status aido does not know, is not listed."""
    fake = FakeRegistry(
        items=[
            item(server_json("io.github.someone/github-helper", description="GitHub helper")),
            item(
                server_json(
                    "io.github.github/github-mcp-server",
                    description="GitHub's official server",
                    packages=[],
                    remotes=[
                        {"type": "streamable-http", "url": "https://api.githubcopilot.com/mcp/"}
                    ],
                )
            ),
            item(server_json("io.github.x/gone", description="github gone"), status="deleted"),
            item(server_json("io.github.x/odd", description="github odd"), status="suspended"),
        ]
    )
    with running(fake):
        code, out, err = search(tmp_path, "github", "--registry", fake.url, "--json")
    assert code == 0, err
    doc = json.loads(out)
    valid(doc)
    servers = {s["name"]: s for s in doc["registry"]["servers"]}
    assert set(servers) == {"io.github.someone/github-helper", "io.github.github/github-mcp-server"}
    assert servers["io.github.someone/github-helper"]["curated"] is False
    assert servers["io.github.github/github-mcp-server"]["curated_as"] == ["github"]
    assert fake.requests[0]["search"] == "github" and fake.requests[0]["version"] == "latest"


def test_registry_text_says_not_curated_and_how_to_add(tmp_path: Path) -> None:
    """The text view marks a server no catalog entry is as not curated."""
    fake = FakeRegistry(items=[item(server_json("io.github.someone/widgets"))])
    with running(fake):
        code, out, _ = search(tmp_path, "widgets", "--registry", fake.url)
    assert code == 0
    assert "io.github.someone/widgets 1.0.0: The widgets server" in out
    assert "not curated: no catalog entry is this server; aido mcp add ID --from-registry " in out
    assert "io.github.someone/widgets adds it as a custom (security-sensitive) server" in out


def test_registry_text_is_escaped(tmp_path: Path) -> None:
    """A description with escape sequences and bidi controls reaches the terminal escaped."""
    hostile = server_json("io.github.evil/wid", description="wid \x1b]52;c;AAAA\x07 \u202egnp")
    fake = FakeRegistry(items=[item(hostile)])
    with running(fake):
        code, out, _ = search(tmp_path, "wid", "--registry", fake.url)
    assert code == 0
    assert "\x1b" not in out and "\u202e" not in out and "\\x1b]52" in out


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (body(b"<html>"), "not JSON"),
        (body(b'{"servers": {"a": 1}}'), "without a list of servers"),
        (body(b'{"servers": [1]}'), "the server item 1"),
        (body(b'{"servers": [], "metadata": {"nextCursor": 7}}'), "the page cursor 7"),
        (body(b"{}", status=503), "answered 503"),
        (body(b"[" * 100_000 + b"]" * 100_000), "nested too deep"),
    ],
)
def test_a_malformed_registry_is_one_sentence(
    tmp_path: Path, answer: object, expected: str
) -> None:
    """Wrong shapes, errors and garbage: exit 1, one sentence naming the registry."""
    fake = FakeRegistry(override=answer)  # type: ignore[arg-type]
    with running(fake):
        code, out, err = search(tmp_path, "x", "--registry", fake.url)
    assert code == 1 and out.startswith("Catalog: ")  # the catalog's part stands (issue 54)
    assert "Registry" not in out
    assert err.count("\n") == 1 and expected in err and fake.url in err


def test_a_slow_registry_is_cut_at_the_deadline(tmp_path: Path) -> None:
    """A registry that does not answer ends the command within the deadline, not at its pace."""
    fake = FakeRegistry(override=stall(30))
    start = time.monotonic()
    with running(fake):
        code, _, err = search(tmp_path, "x", "--registry", fake.url, timeout="1")
        took = time.monotonic() - start
    assert code == 1 and "did not answer within 1 s" in err
    assert took < 5


def test_an_unreachable_registry_keeps_the_catalog_hits(tmp_path: Path) -> None:
    """`aido search monitoring --registry` offline: sentry and grafana still listed, then the
    one sentence saying the registry was not reached (issue 54)."""
    code, out, err = search(tmp_path, "monitoring", "--registry", "http://127.0.0.1:9")
    assert code == 1
    assert out.startswith("Catalog: ") and "sentry" in out and "grafana" in out
    assert err.count("\n") == 1 and "http://127.0.0.1:9" in err


@pytest.mark.parametrize("words", [("error", "tracking"), ("monitoring",), ("errors",)])
def test_error_tracking_and_monitoring_find_sentry(tmp_path: Path, words: tuple[str, ...]) -> None:
    """What a team lead types for Sentry finds it first (issue 54)."""
    code, out, _ = search(tmp_path, *words)
    assert code == 0 and out.splitlines()[1].split()[0] == "sentry"
