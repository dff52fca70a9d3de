"""`aido init`'s words: the commented `aido.toml` for what read/survey.py found, and the
lines that name the stack and the agents' roles."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from aidokit.adapters import ADAPTERS
from aidokit.catalog.facts import Facts
from aidokit.reconcile.read.agents import (
    AgentFile,
    guessed_roles,
    unmapped_agents,
)
from aidokit.reconcile.read.choices.config_docs import SCHEMA_URL
from aidokit.reconcile.read.survey import Suggestion, Survey


def stack_lines(facts: Facts) -> list[str]:
    """The detected stack packs, languages and remote, one `name (source)` each."""
    lines = [f"stack pack {k} ({v.source})" for k, v in sorted(facts.stack_packs.items())]
    lines += [f"language {k} ({v.source})" for k, v in sorted(facts.languages.items())]
    if facts.remote_url is not None:
        lines.append(f"git remote {facts.remote_url.value} ({facts.remote_url.source})")
    return lines


def render_config(
    survey: Survey,
    *,
    adapters: Sequence[str],
    add: Sequence[str],
    keep: Sequence[str] | None = None,
    roles: bool = False,
) -> str:
    """A commented `aido.toml` for these choices; it loads with `reconcile/read/choices/config.py`.

    With `keep`, suggestions are turned off (`suggest = false`) and only the kept
    ones and `add` are listed: the file installs exactly what it names. The roles
    guessed from agent names are written as comments unless `roles` (the user said
    yes to them), so Enter never takes a server away from the main session.
    """
    known = ", ".join(ADAPTERS)

    out = [
        f"#:schema {SCHEMA_URL}",  # editors (taplo, Even Better TOML) validate against it
        (
            "# aido.toml (your user layer): which MCP servers your coding agents get in your "
            "own files, for every project (`aido plan --scope user`)."
            if survey.user
            else "# aido.toml: which MCP servers this project's coding agents get."
        ),
        "# `aido plan` shows what would change; `aido apply` converges the files.",
        "# Written by `aido init`; edit freely (`aido schema` prints every key).",
        "",
        f"# Harnesses whose config files aido manages. Known: {known}.",
    ]
    if adapters:
        out.append(f"adapters = {_array(adapters)}")
    else:
        out += [
            f"# Unset: aido uses the harnesses it detects {_where(survey)} on each run.",
            f'# adapters = ["{next(iter(ADAPTERS))}"]',
        ]
    packs = sorted(survey.facts.stack_packs)
    out += (
        []
        if survey.user
        else [  # user scope reads no project, so no stack (SPEC §4)
            "",
            "# Stack packs drive suggestions. Unset: aido detects them on each run",
            f"# (detected now: {', '.join(packs) or 'none'}).",
            f"# stack_packs = {_array(packs)}",
        ]
    )
    if keep is None:
        out += [
            "",
            "[mcp]",
            *_suggested_comment(survey.suggested, _whom(survey)),
            f"add = {_array(add)}  # explicit choices on top of the suggestions",
        ]
    else:
        out += [
            "",
            "# Only what [mcp] add names is installed; true: every suggestion too.",
            "suggest = false",
            "",
            "[mcp]",
            *_kept_comment(survey.suggested, keep, _whom(survey)),
            f"add = {_array([*keep, *(i for i in add if i not in keep)])}",
        ]
    out.append('# skip = ["some-id"]  # never install these')
    out += role_lines(survey.agents, survey.root, apply=roles)
    return "\n".join(out) + "\n"


def role_lines(agents: Sequence[AgentFile], root: Path, *, apply: bool = False) -> list[str]:
    """The proposed `[roles]` table for the agents found: guesses from their names, as
    comments unless `apply` (a guess moves a server out of the main session)."""
    if not agents:
        return []
    files: dict[str, list[str]] = {}
    for agent in agents:
        files.setdefault(agent.name, []).append(agent.path.relative_to(root).as_posix())
    found = ", ".join(f"{name} ({', '.join(paths)})" for name, paths in sorted(files.items()))
    guesses = guessed_roles(files)
    guessed = {name for names in guesses.values() for name in names}
    out = [
        "",
        f"# Agents found: {found}.",
        "# [roles] says which of them play each catalog role: in harnesses that can scope, a",
        "# server goes only into the files of the agents of its roles (docs/roles.md). An",
        "# agent named like a role (tester-reviewer) plays it without a line here.",
        '# "main" is the session that runs without --agent: list it to keep a role\'s',
        "# servers there too.",
        "[roles]",
    ]
    mark = "" if apply else "# "
    why = "check it" if apply else "uncomment to move its servers to these agents"
    out += [
        f"{mark}{role} = {_array(names)}  # guessed from the name; {why}"
        for role, names in guesses.items()
    ]
    out += [
        f'# implementer = ["{name}"]  # which role does {name} play?'
        for name in unmapped_agents(agents, {})
        if name not in guessed
    ]
    return out


def _where(survey: Survey) -> str:
    return "in your home folder" if survey.user else "in the project"


def _whom(survey: Survey) -> str:
    """Whom the suggestions are for: this project, or the person's user layer."""
    return "your user layer" if survey.user else "this project"


def _kept_comment(suggested: Iterable[Suggestion], keep: Sequence[str], whom: str) -> list[str]:
    rows = [
        f"#   {item.id}: {item.why}" + ("  [kept]" if item.id in keep else "") for item in suggested
    ]
    if not rows:
        return [f"# Nothing is suggested for {whom} today (`aido suggest` explains)."]
    return [f"# Suggested for {whom}, from its facts (add any you want):", *rows]


def _suggested_comment(suggested: Iterable[Suggestion], whom: str) -> list[str]:
    rows = [f"#   {item.id}: {item.why}" for item in suggested]
    if not rows:
        return [f"# Nothing is suggested for {whom} today (`aido suggest` explains)."]
    return [f"# Suggested for {whom}, from its facts (skip any below):", *rows]


def _array(items: Iterable[str]) -> str:
    # json.dumps of a plain string is a valid TOML basic string.
    return "[" + ", ".join(json.dumps(item) for item in items) + "]"
