"""Loader and package-manager variables change what runs (issue 30 §1): a typed confirmation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters import resolved
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.reconcile.checks.hardening import SECRET_NAME_RE
from aidokit.reconcile.checks.launch_env import NAMES, PREFIXES, changes_what_runs
from aidokit.reconcile.read.choices.config import Override
from aidokit.reconcile.read.choices.overrides import override_server
from tests.fuzz import fuzz_settings
from tests.helpers import aido, new_project

DOC = Path(__file__).resolve().parents[3] / "docs" / "security.md"
(MEMORY,) = resolved(tuple(e for e in MCP_CATALOG if e.id == "memory"))
SUFFIX = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,10}", fullmatch=True).filter(
    lambda s: not SECRET_NAME_RE.search(s)
)
LISTED = st.one_of(
    st.sampled_from(sorted(NAMES)),
    st.builds(lambda prefix, rest: prefix + rest, st.sampled_from(PREFIXES), SUFFIX),
)


def any_case(name: str, flips: list[bool]) -> str:
    """`name` with the letters at the flipped positions in the other case."""
    return "".join(
        c.swapcase() if flip else c
        for c, flip in zip(name, flips + [False] * len(name), strict=False)
    )


def sensitive_with(env: dict[str, str]) -> bool:
    """Whether `[override.memory] env = ENV` makes the routine memory entry sensitive."""
    assert not MEMORY.security_sensitive
    return override_server(MEMORY, Override(env=env), "aido.toml").security_sensitive


@fuzz_settings(400)
@given(
    name=LISTED,
    flips=st.lists(st.booleans(), max_size=30),
    value=st.sampled_from(["1", "./x", "--require ./evil.js"]),
)
def test_every_listed_name_in_any_case_is_sensitive(
    name: str, flips: list[bool], value: str
) -> None:
    """An override setting a listed variable (or one under a listed prefix), any case: sensitive."""
    assert sensitive_with({any_case(name, flips): value})


@pytest.mark.parametrize(
    "name",
    [
        "NODE_OPTIONS", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES",
        "PYTHONPATH", "PYTHONSTARTUP", "PYTHONHOME", "PYTHONUSERBASE", "npm_config_registry",
        "NPM_CONFIG_REGISTRY", "Npm_Config_Userconfig", "UV_INDEX_URL", "UV_EXTRA_INDEX_URL",
        "UV_FIND_LINKS", "UV_DEFAULT_INDEX", "UV_INDEX", "UV_PYTHON", "PIP_INDEX_URL",
        "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "BASH_ENV", "ENV", "PATH", "DOCKER_HOST",
        "DOCKER_CONFIG", "GIT_SSH_COMMAND", "GIT_EXEC_PATH", "YARN_REGISTRY", "COREPACK_HOME",
        "NODE_PATH",
    ],
)  # fmt: skip
def test_the_issue_and_brief_names_are_listed(name: str) -> None:
    """Each name the issue names (and the brief's list) changes what runs."""
    assert changes_what_runs(name)
    assert sensitive_with({name: "x"})


@pytest.mark.parametrize(
    "name",
    ["FASTMCP_LOG_LEVEL", "LOG_LEVEL", "DEBUG", "AWS_REGION", "QDRANT_URL", "NO_COLOR", "TZ",
     "GITLAB_URL", "ENVIRONMENT", "PYTHONUNBUFFERED", "NODE_ENV", "UVICORN_PORT", "HOMEPAGE"],
)  # fmt: skip
def test_ordinary_settings_stay_routine(name: str) -> None:
    """A server's own settings (log level, region, URLs of its service) need no confirmation."""
    assert not changes_what_runs(name)
    assert not sensitive_with({name: "x"})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("NODE_OPTIONS", "--require ./tools/evil.js"),
        ("LD_PRELOAD", "./evil.so"),
        ("PYTHONPATH", "./tools"),
        ("npm_config_registry", "https://evil.example/"),
        ("UV_INDEX_URL", "https://evil.example/simple"),
        ("BASH_ENV", "./evil.sh"),
    ],
)
def test_apply_yes_refuses_an_override_that_sets_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, value: str
) -> None:
    """`[override.memory] env = {NODE_OPTIONS = ...}`: apply --yes refuses, writes nothing."""
    toml = (
        'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\n'
        'skip = ["sequential-thinking", "context7"]\n'
        f'[override.memory]\nenv = {{ {name} = "{value}" }}\n'
    )
    project = new_project(tmp_path, toml)
    capsys.readouterr()
    assert aido(project, "apply", "--yes") == 1
    assert "aido confirm memory" in capsys.readouterr().err
    assert sorted(p.name for p in project.iterdir()) == ["aido.toml"]


def test_docs_list_every_name_and_prefix() -> None:
    """docs/security.md names every listed variable and prefix, so the rule is reviewable."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Variables that change what runs", 1)[1].split("\n## ", 1)[0]
    shown = set(re.findall(r"`([A-Za-z0-9_]+)\*?`", section))
    assert set(NAMES) <= shown
    assert set(PREFIXES) <= shown


def test_import_of_an_entry_that_sets_one_needs_the_confirmation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-written catalog entry with NODE_OPTIONS imports as a sensitive override: refused."""
    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    entry = {
        "command": "npx",
        "args": ["-y", "@playwright/mcp@0.0.1"],
        "env": {"NODE_OPTIONS": "--require ./evil.js"},
    }
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"playwright": entry}}))
    before = {p.name: p.read_bytes() for p in project.iterdir()}
    capsys.readouterr()
    assert aido(project, "import", "--yes") == 1
    assert "aido confirm playwright" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in project.iterdir()} == before
