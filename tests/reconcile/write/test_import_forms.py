"""`aido import` recognises catalog servers in any of their forms and never copies a
credential (issue 32 §4): a package with or without a version, a docker image, a URL; a
password inside a DSN becomes a reference."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from aidokit.reconcile.read.recognise import form_key
from tests.helpers import aido, new_project

CURSOR = 'adapters = ["cursor"]\nsuggest = false\n'
SHOP_DB = {
    "command": "uvx",
    "args": ["postgres-mcp"],
    "env": {"DATABASE_URI": "postgresql://shop:shop@localhost/shop"},
}


def _project(tmp_path: Path, servers: dict[str, object], config: str = CURSOR) -> Path:
    project = new_project(tmp_path, config)
    (project / ".cursor").mkdir()
    (project / ".cursor/mcp.json").write_text(json.dumps({"mcpServers": servers}, indent=2))
    return project


def _config(project: Path) -> dict[str, object]:
    return tomllib.loads((project / "aido.toml").read_text())


def test_context7_in_its_npx_form_is_the_catalog_entry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user's `context7` via `npx @upstash/context7-mcp@latest` imports as catalog id
    context7 (the catalog renders it as a remote for Cursor; the plan shows that change)."""
    npx = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest"]}
    project = _project(tmp_path, {"context7": npx})
    assert aido(project, "import", "--yes") == 0
    out = capsys.readouterr().out
    assert "import context7 from .cursor/mcp.json as catalog id" in out
    assert _config(project)["mcp"] == {"add": ["context7"]}
    servers = json.loads((project / ".cursor/mcp.json").read_text())["mcpServers"]
    assert servers["context7"]["url"] == "https://mcp.context7.com/mcp"
    assert aido(project, "plan", "--detailed-exitcode") == 0


@pytest.mark.parametrize(
    ("entry", "form"),
    [
        ({"command": "npx", "args": ["-y", "@playwright/mcp"]}, "npm @playwright/mcp"),
        (
            {"command": "npx", "args": ["@playwright/mcp@0.0.1", "--headless"]},
            "npm @playwright/mcp",
        ),
        ({"command": "pnpm", "args": ["dlx", "@playwright/mcp@latest"]}, "npm @playwright/mcp"),
        ({"command": "cmd", "args": ["/c", "npx", "-y", "@playwright/mcp"]}, "npm @playwright/mcp"),
        ({"command": "uvx", "args": ["mcp-server-git==2025.1.1"]}, "pypi mcp-server-git"),
        ({"command": "uvx", "args": ["Mcp-Server-Git@latest"]}, "pypi mcp-server-git"),
        (
            {"command": "docker", "args": ["run", "-i", "--rm", "-e", "T", "ghcr.io/o/img:1.2"]},
            "image ghcr.io/o/img",
        ),
        ({"url": "https://MCP.Context7.com/mcp/?key=1"}, "https://mcp.context7.com/mcp"),
        ({"command": ["npx", "-y", "@upstash/context7-mcp"]}, "npm @upstash/context7-mcp"),
    ],
)
def test_forms_ignore_versions_flags_and_launcher_spelling(
    entry: dict[str, object], form: str
) -> None:
    """What an entry runs, versions and launcher flags aside."""
    assert form_key(entry) == form


def test_what_differs_becomes_an_override(tmp_path: Path) -> None:
    """Extra arguments and a plain env value of a catalog server's entry go to
    `[override.<id>]`; the catalog's own arguments and version stay the catalog's."""
    mine = {
        "command": "npx",
        "args": ["-y", "@playwright/mcp@latest", "--headless"],
        "env": {"DEBUG": "pw:*"},
    }
    project = _project(tmp_path, {"playwright": mine})
    assert aido(project, "import", "--yes") == 0
    config = _config(project)
    assert config["mcp"] == {"add": ["playwright"]}
    assert config["override"] == {"playwright": {"args": ["--headless"], "env": {"DEBUG": "pw:*"}}}
    servers = json.loads((project / ".cursor/mcp.json").read_text())["mcpServers"]
    assert servers["playwright"]["args"][-1] == "--headless"
    assert aido(project, "plan", "--detailed-exitcode") == 0


def test_a_dsn_password_is_never_copied(tmp_path: Path, sandbox_home: Path) -> None:
    """`shop-db` (`uvx postgres-mcp`, a DSN with a password) imports as a custom server whose
    password is `${SHOP_DB_PASSWORD}`, in aido.toml and in the harness file; import says so."""
    from tests.reconcile.security_helpers import AIDO, run_in_pty, sandbox_env

    project = _project(tmp_path, {"shop-db": SHOP_DB})
    argv = [AIDO, "import", "--yes", "--project", str(project)]
    code, out = run_in_pty(argv, sandbox_env(sandbox_home), "shop-db")
    assert code == 0, out
    assert "${SHOP_DB_PASSWORD} in its place" in out
    custom = _config(project)["custom"]
    reference = "postgresql://shop:${SHOP_DB_PASSWORD}@localhost/shop"
    assert custom == {"shop-db": {"command": "uvx", "args": ["postgres-mcp"],
                                  "env": {"DATABASE_URI": reference}}}  # fmt: skip
    for path in (project / "aido.toml", project / ".cursor/mcp.json"):
        assert "shop:shop@" not in path.read_text()
    env = json.loads((project / ".cursor/mcp.json").read_text())["mcpServers"]["shop-db"]["env"]
    assert env["DATABASE_URI"] == "postgresql://shop:${env:SHOP_DB_PASSWORD}@localhost/shop"


def test_a_secret_named_literal_becomes_its_own_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`API_TOKEN = "ghp_..."` in a hand-written entry is offered as `${API_TOKEN}`."""
    from aidokit.reconcile.write.importer import scrubbed_custom

    entry = {"command": "node", "args": ["s.js"], "env": {"API_TOKEN": "ghp_" + "a1" * 16}}
    custom, names = scrubbed_custom(entry, "tokened")
    assert custom.env == {"API_TOKEN": "${API_TOKEN}"} and names == ("API_TOKEN",)


def test_mcp_add_custom_url_never_writes_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido mcp add ID --custom-url '...?apiKey=sk-...'` writes a reference, not the key
    (issue 30 §5), says so, and the plan asks for the variable."""
    project = new_project(tmp_path, CURSOR)
    key = "sk-" + "b7" * 12
    url = f"https://mcp.example.com/mcp?apiKey={key}&v=1"
    assert aido(project, "mcp", "add", "my-api", "--custom-url", url) == 0
    out = capsys.readouterr().out
    assert "${MY_API_API_KEY} in its place" in out and key not in out
    text = (project / "aido.toml").read_text()
    assert key not in text
    assert 'url = "https://mcp.example.com/mcp?apiKey=${MY_API_API_KEY}&v=1"' in text
    assert aido(project, "plan") == 0
    plan = capsys.readouterr().out
    assert "my-api: set MY_API_API_KEY in the environment" in plan and key not in plan


def test_an_override_with_a_credential_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`[override.<id>] env` holding a DSN password is an error naming aido.toml; nothing is
    written."""
    config = CURSOR + '[mcp]\nadd = ["playwright"]\n[override.playwright]\n'
    config += 'env = { DB = "postgresql://u:hunter2@db/x" }\n'
    project = new_project(tmp_path, config)
    assert aido(project, "apply", "--yes") == 1
    err = capsys.readouterr().err
    assert "aido.toml" in err and "credential" in err and "hunter2" not in err
    assert not (project / ".cursor").exists()


def test_a_package_two_entries_run_claims_no_server_by_its_form() -> None:
    """postgres-mcp (read-write, sensitive) and postgres-readonly run the same package with
    other arguments, as mongodb and mongodb-readonly do: a hand-written server is matched
    to neither by its package alone (only its exact identity could), unlike playwright."""
    from aidokit.adapters import ADAPTERS
    from aidokit.catalog.entries import MCP_CATALOG
    from aidokit.reconcile.read.recognise import identities as _identities

    index = _identities(ADAPTERS["cursor"], MCP_CATALOG)
    assert "pypi postgres-mcp" not in index and "npm mongodb-mcp-server" not in index
    assert index["npm @playwright/mcp"] == "playwright"
