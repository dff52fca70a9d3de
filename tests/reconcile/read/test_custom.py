"""Custom MCPs: `[custom.<id>]` entries and `aido mcp add` (SPEC §4, §7)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from aidokit.adapters import ADAPTERS
from aidokit.reconcile.cli.main import main
from aidokit.reconcile.read.choices.config import CustomMCP
from aidokit.reconcile.read.choices.custom import custom_server
from tests.helpers import aido, new_project


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return new_project(tmp_path)


def test_custom_server_is_sensitive_for_every_adapter() -> None:
    """A custom server is security-sensitive, never triggered, installable everywhere."""
    custom = CustomMCP(url="https://e.com/mcp", headers={"Authorization": "Bearer ${TOK}"})
    server = custom_server("my-api", custom)
    assert server.security_sensitive and server.triggers == ("never",)
    assert set(server.install) == set(ADAPTERS)
    assert [(v.name, v.secret) for v in server.env] == [("TOK", True)]


def test_custom_entry_is_planned_as_sensitive(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[custom.x]` shows up in the plan JSON with `sensitive: true`."""
    (project / "aido.toml").write_text(
        'adapters = ["claude-code"]\n[custom.x]\ncommand = "uvx"\nargs = ["srv"]\n'
        'env = {TOKEN = "${TOKEN}"}\n'
    )
    assert aido(project, "plan", "--json") == 0
    changes = json.loads(capsys.readouterr().out)["files"][0]["changes"]
    (custom,) = [c for c in changes if c["name"] == "x"]
    assert custom["sensitive"] is True
    assert custom["after"]["command"] == "uvx" and custom["after"]["args"] == ["srv"]
    assert custom["after"]["env"] == {"TOKEN": "${TOKEN}"}


def test_custom_id_must_not_collide_with_catalog(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A custom id equal to a catalog id is an error naming it."""
    (project / "aido.toml").write_text('[custom.context7]\nurl = "https://e.com/mcp"\n')
    assert aido(project, "plan") == 1
    assert "[custom.context7] uses the id of a catalog entry" in capsys.readouterr().err


def test_mcp_add_url_appends_and_keeps_every_byte(project: Path) -> None:
    """`aido mcp add ID --custom-url` appends a table; the original bytes are a prefix."""
    original = '# my settings\r\nadapters = ["claude-code"]   # keep\r\n\r\n[mcp]\r\nskip = []'
    (project / "aido.toml").write_bytes(original.encode())
    argv = ["mcp", "add", "my-api", "--custom-url", "https://mcp.example.com/mcp"]
    assert (
        aido(project, *argv, "--transport", "sse", "--header", "Authorization=Bearer ${TOK}") == 0
    )
    raw = (project / "aido.toml").read_bytes()
    assert raw.startswith(original.encode()) and b"\n" not in raw.replace(b"\r\n", b"")
    data = tomllib.loads(raw.decode())
    assert data["custom"]["my-api"] == {
        "url": "https://mcp.example.com/mcp",
        "transport": "sse",
        "headers": {"Authorization": "Bearer ${TOK}"},
    }


def test_mcp_add_command_creates_aido_toml(project: Path) -> None:
    """`--custom-command CMD ARG...` creates aido.toml when missing; args may start with '-'."""
    argv = ["--project", str(project), "mcp", "add", "local", "--env", "TOKEN=${TOKEN}"]
    assert main([*argv, "--custom-command", "npx", "-y", "pkg@1.0"]) == 0
    data = tomllib.loads((project / "aido.toml").read_text())
    assert data == {
        "custom": {
            "local": {"command": "npx", "args": ["-y", "pkg@1.0"], "env": {"TOKEN": "${TOKEN}"}}
        }
    }


def test_mcp_add_existing_id_is_refused(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Adding an id that is already a custom server leaves the file unchanged."""
    (project / "aido.toml").write_text('[custom.x]\nurl = "https://a.example/mcp"\n')
    raw = (project / "aido.toml").read_bytes()
    assert aido(project, "mcp", "add", "x", "--custom-url", "https://b.example/mcp") == 1
    assert "already has [custom.x]" in capsys.readouterr().err
    assert (project / "aido.toml").read_bytes() == raw


@pytest.mark.parametrize(
    "argv",
    [
        ["--custom-url", "http://example.com/mcp"],
        ["--custom-url", "https://e.com", "--header", "novalue"],
        ["--custom-url", "https://e.com", "--header", "X-Team=a\x01b"],
        ["--custom-url", "https://e.com", "--env", "A=1"],
        [],
    ],
)
def test_mcp_add_refuses_unsafe_values(
    project: Path, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Unsafe URLs, control characters and malformed flags are refused; nothing is written."""
    assert aido(project, "mcp", "add", "x", *argv) == 1
    assert capsys.readouterr().err.startswith("aido: error: ")
    assert not (project / "aido.toml").exists()


def test_mcp_add_into_inline_custom_is_refused(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """When `custom` is an inline table, aido will not rewrite the file."""
    (project / "aido.toml").write_text("custom = {}\n")
    assert aido(project, "mcp", "add", "x", "--custom-url", "https://e.com/mcp") == 1
    assert "by hand" in capsys.readouterr().err
    assert (project / "aido.toml").read_text() == "custom = {}\n"


@pytest.mark.parametrize(
    ("argv", "written", "name"),
    [
        (
            ["--custom-url", "https://u:s3cretpass@mcp.example.com/mcp"],
            {"url": "https://u:${X_PASSWORD}@mcp.example.com/mcp"},
            "X_PASSWORD",
        ),
        (
            [
                "--custom-url",
                "https://mcp.example.com/mcp",
                "--header",
                "Authorization=Bearer sk-abcdefghijklmnop",
            ],
            {"headers": {"Authorization": "Bearer ${X_TOKEN}"}},
            "X_TOKEN",
        ),
        (
            [
                "--custom-url",
                "https://mcp.example.com/mcp",
                "--header",
                "Authorization: ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            ],
            {"headers": {"Authorization": "${X_TOKEN}"}},
            "X_TOKEN",
        ),
        (
            [
                "--custom-url",
                "https://mcp.example.com/mcp",
                "--header",
                "X-Api-Key=sk-abcdefghijklmnopqrstu",
            ],
            {"headers": {"X-Api-Key": "${X_X_API_KEY}"}},
            "X_X_API_KEY",
        ),
    ],
)
def test_a_literal_secret_is_a_reference_in_the_url_and_in_a_header_alike(
    project: Path,
    argv: list[str],
    written: dict[str, object],
    name: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A secret typed in --custom-url or in --header is written as a `${NAME}` reference and
    said so in the same sentence (issue 54 item 5: the header's was refused, the URL's
    rewritten); the value itself never reaches aido.toml."""
    assert aido(project, "mcp", "add", "x", *argv) == 0
    out = capsys.readouterr().out
    assert f"A credential in the command line was not written: aido.toml has ${{{name}}}" in out
    assert f"set {name} in your environment" in out and "rotate it" in out
    text = (project / "aido.toml").read_text()
    custom = tomllib.loads(text)["custom"]["x"]
    assert {key: custom[key] for key in written} == written
    for secret in ("s3cretpass", "sk-abc", "ghp_"):
        assert secret not in text
