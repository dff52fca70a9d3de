"""`aido mcp add ID --from-registry NAME` (issue 37): a registry-only server takes the custom path.

Its `[custom.ID]` comes from its server.json (secrets as references), it is
security-sensitive like every custom server (apply without a terminal
refuses), and a server a catalog entry already is, is refused in favour of
the entry. Against a fake MCP Registry on 127.0.0.1.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from aidokit.catalog.entries import ENTRIES_BY_ID
from aidokit.catalog.models import package_of
from tests.inprocess import run_main
from tests.mcp_registry_fake import FakeRegistry, item, running, server_json

TOML = '# my project\nadapters = ["claude-code"]\n\n[mcp]\nadd = []\n'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "aido.toml").write_text(TOML, encoding="utf-8")
    return root


def widgets() -> dict[str, Any]:
    return server_json(
        "io.github.someone/widgets",
        "1.2.0",
        packages=[
            {
                "registryType": "npm",
                "identifier": "@fake/widgets",
                "version": "1.2.0",
                "transport": {"type": "stdio"},
                "environmentVariables": [
                    {"name": "WIDGETS_KEY", "isRequired": True, "isSecret": True},
                ],
            }
        ],
    )


def hosted() -> dict[str, Any]:
    return server_json(
        "com.example/tickets",
        packages=[],
        remotes=[
            {
                "type": "streamable-http",
                "url": "https://mcp.example.com/mcp",
                "headers": [
                    {"name": "Authorization", "value": "Bearer sk-live-123", "isSecret": True}
                ],
            }
        ],
    )


def add(project: Path, url: str, custom_id: str, name: str) -> tuple[int, str, str]:
    argv = ["mcp", "add", custom_id, "--from-registry", name, "--registry", url]
    result = run_main([*argv, "--project", str(project)], cwd=project)
    return result.returncode, result.stdout, result.stderr


def custom(project: Path, custom_id: str) -> dict[str, Any]:
    table: dict[str, Any] = tomllib.loads((project / "aido.toml").read_text("utf-8"))
    return dict(table["custom"][custom_id])


def test_a_registry_package_becomes_a_custom_server(project: Path) -> None:
    """npm package, secret env var as a reference; the user's bytes kept; sensitive."""
    fake = FakeRegistry(items=[item(widgets())])
    with running(fake):
        code, out, err = add(project, fake.url, "widgets", "io.github.someone/widgets")
    assert code == 0, err
    assert fake.requests[0]["path"] == "/v0.1/servers/io.github.someone%2Fwidgets/versions/latest"
    assert (project / "aido.toml").read_text("utf-8").startswith(TOML)
    assert custom(project, "widgets") == {
        "command": "npx",
        "args": ["-y", "@fake/widgets@1.2.0"],
        "env": {"WIDGETS_KEY": "${WIDGETS_KEY}"},
    }
    assert "io.github.someone/widgets 1.2.0 is not curated" in out
    assert "it needs WIDGETS_KEY set" in out and "security-sensitive" in out


def test_a_registry_remote_keeps_no_literal_secret(project: Path) -> None:
    """A secret header value from the registry is never written: a reference stands there."""
    fake = FakeRegistry(items=[item(hosted())])
    with running(fake):
        code, _, err = add(project, fake.url, "tickets", "com.example/tickets")
    assert code == 0, err
    table = custom(project, "tickets")
    assert table["url"] == "https://mcp.example.com/mcp"
    assert "sk-live-123" not in (project / "aido.toml").read_text("utf-8")
    assert table["headers"]["Authorization"].startswith("${")


def test_apply_without_a_terminal_refuses_it(project: Path) -> None:
    """Like every custom server, it needs a typed confirmation: apply --yes writes nothing."""
    fake = FakeRegistry(items=[item(widgets())])
    with running(fake):
        assert add(project, fake.url, "widgets", "io.github.someone/widgets")[0] == 0
    result = run_main(["apply", "--yes", "--project", str(project)], cwd=project)
    assert result.returncode == 1
    assert "widgets" in result.stderr
    assert not (project / ".mcp.json").exists()


def test_a_server_the_catalog_holds_is_refused_for_its_entry(project: Path) -> None:
    """The registry's server that runs a catalog entry's package points at the entry."""
    spec = next(iter(ENTRIES_BY_ID["memory"].install.values()))
    package = package_of(spec)
    assert package is not None
    server = server_json("io.github.modelcontextprotocol/memory")
    server["packages"][0]["identifier"] = package.name
    fake = FakeRegistry(items=[item(server)])
    with running(fake):
        code, _, err = add(project, fake.url, "mem", "io.github.modelcontextprotocol/memory")
    assert code == 1 and "is the catalog entry 'memory'; run aido mcp add memory" in err
    assert (project / "aido.toml").read_text("utf-8") == TOML


@pytest.mark.parametrize(
    ("name", "status", "expected"),
    [
        ("io.github.someone/old", "deprecated", "is deprecated on the registry"),
        ("io.github.someone/missing", None, "answered 404"),
    ],
)
def test_a_server_that_cannot_be_added_leaves_aido_toml(
    project: Path, name: str, status: str | None, expected: str
) -> None:
    """A deprecated or unknown server: exit 1, one sentence, aido.toml byte-identical."""
    items = [item(server_json(name), status=status)] if status else []
    fake = FakeRegistry(items=items)
    with running(fake):
        code, _, err = add(project, fake.url, "thing", name)
    assert code == 1 and expected in err and err.count("\n") == 1
    assert (project / "aido.toml").read_text("utf-8") == TOML


def test_registry_without_from_registry_is_a_usage_error(project: Path) -> None:
    """--registry alone says what it belongs to."""
    result = run_main(
        ["mcp", "add", "x", "--registry", "http://127.0.0.1:9", "--project", str(project)],
        cwd=project,
    )
    assert result.returncode == 1 and "--registry URL is for --from-registry NAME" in result.stderr
