"""What each `aido.toml` key means: the descriptions `aido schema` carries (SPEC §4).

Editors show them on hover once a file names the schema (`aido init` writes
the `#:schema` line). Kept beside the models rather than in them so the
models stay plain dataclasses; tests/reconcile/read/test_config_docs.py fails on
a key without a description.
"""

from __future__ import annotations

from typing import Any

# Where editors fetch the schema; the same file is committed as docs/schemas/aido-toml.schema.json.
SCHEMA_URL = (
    "https://raw.githubusercontent.com/aidokit/aidokit/main/docs/schemas/aido-toml.schema.json"
)

# `$defs` name (or "" for the top level) -> key -> description.
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "": {
        "extends": "Shared baselines this file layers over, earliest first: "
        "`git+https://host/org/repo#ref:path`, `git+ssh://...`, `git+file:///...`, or a local "
        "path; pinned in aido.lock by `aido upgrade --baseline` (docs/baselines.md).",
        "required_version": "aido versions allowed to work on this project, a PEP 440 "
        "specifier such as '>=0.2'; any other version refuses to run.",
        "adapters": "Harnesses whose config files aido manages (names from `aido adapters`). "
        "Unset: the harnesses detected in the project on each run.",
        "suggest": "Whether the project's facts suggest entries (default true); false: only "
        "what [mcp] add and [custom.*] name.",
        "stack_packs": "Stack packs that drive suggestions, such as 'react' or 'fastapi'. "
        "Unset: detected from the project's manifests on each run.",
        "conformance": "The project's conformance level, a fact triggers can match "
        "(conformance.<level>), such as 'standard'.",
        "mcp": "Explicit choices on top of what the project's facts suggest.",
        "roles": "Which of this project's agents play each role: role -> agent names "
        "(.claude/agents/<name>.md and the like); role scoping reads it.",
        "override": "Per catalog id, changes to the catalog entry that keep it aido's: "
        "extra args, non-secret env; a command or url makes it custom; tools, exclude_tools "
        "and enabled choose what the model loads (context budget).",
        "custom": "Servers that are not in the catalog, by id; always security-sensitive "
        "(confirmed by typing the id before the first write).",
        "forges": "Self-hosted forge hosts: host -> 'github', 'gitlab' or 'bitbucket', so "
        "detect.<forge>Remote matches a GitHub Enterprise or self-hosted GitLab origin "
        "(subdomains count). AIDO_FORGE_HOSTS=host=forge,... adds hosts for every project.",
        "profiles": "Named sets of servers a person switches on with `aido use NAME` "
        "(`aido use --none` ends it): exactly those servers are on while it is active, the "
        "rest off, written only into that person's own files (in aido.toml: suggestions to "
        "the team).",
        "policy": "Which servers aido may write: allow and deny rules, allow_custom, "
        "write_native. Kept per layer, never merged: a project only narrows the user's "
        "and the managed file's policy (docs/policy.md).",
    },
    "PolicyChoices": {
        "allow": "If set, only entries one of these rules names are admitted: a catalog id, "
        "'npm:NAME', 'pypi:NAME', 'docker:IMAGE' or 'host:HOST' ('*' a wildcard); [] admits "
        "nothing. Every layer's allow list must admit an entry.",
        "deny": "Rules (same grammar as allow) that refuse an entry whose id, package or host "
        "they name; a deny in any layer wins.",
        "allow_custom": "false: refuse every custom server ([custom.*], imported entries, "
        "overrides that replace command or url). Default true.",
        "write_native": "Also write this policy into each targeted harness's own enforcement "
        "file at user scope; read from the user layer and the managed file only.",
    },
    "McpChoices": {
        "add": "Catalog ids to install on top of the suggestions.",
        "skip": "Catalog ids never to install, even when suggested or added.",
        "roles": "Per catalog id, the agent roles that may use it (role scoping); "
        "default: the entry's suggested roles.",
    },
    "CustomMCP": {
        "url": "The remote server's http(s) URL; set this or command.",
        "transport": "How to reach url: 'http' (streamable HTTP, the default) or 'sse'.",
        "headers": "HTTP headers for url; secrets as ${VAR} references, never literal.",
        "command": "The local server's executable; set this or url.",
        "args": "Arguments for command.",
        "env": "Environment for command: NAME -> value; secrets as ${VAR} references.",
        "adapters": "The only harnesses this server is written to (aido import sets it when "
        "some harness cannot launch it as written); default: every targeted harness.",
    },
    "Override": {
        "args": "Arguments appended to the catalog entry's own.",
        "env": "Non-secret environment values added to or replacing the entry's.",
        "command": "Replaces the entry's command: the entry becomes custom (security-sensitive).",
        "url": "Replaces the entry's URL: the entry becomes custom (security-sensitive).",
        "tools": "Context budget: the only tools of the server the model loads, compiled "
        "into each harness's own field (docs/context-budget.md).",
        "exclude_tools": "Context budget: tools of the server the model does not load "
        "(an exclusion wins over tools).",
        "enabled": "false: keep the server configured but switched off (aido.local.toml and "
        "the user layer can switch off what the team's file enables).",
        "agents": "Per agent (as [roles] names them): tools, exclude_tools and enabled for "
        "that agent only, where the harness scopes servers per agent.",
        "variables": "Your own name for a variable the entry reads: catalog name -> yours "
        '(GITHUB_PERSONAL_ACCESS_TOKEN = "GH_PAT"); aido writes references to yours.',
        "adapters": "The only harnesses this server is written to (aido import sets it when "
        "some harness cannot launch it as written); default: every targeted harness.",
    },
    "Profile": {
        "enable": "Catalog ids (and [custom.*] ids) on while the profile is active; every "
        "other server of the project is off for that person.",
    },
    "ToolChoice": {
        "tools": "The only tools of the server this agent's model loads.",
        "exclude_tools": "Tools of the server this agent's model does not load.",
        "enabled": "false: the server is off for this agent.",
    },
}


def describe(schema: dict[str, Any]) -> dict[str, Any]:
    """Give each documented property of `schema` (top level and $defs) its description."""
    targets = [("", schema), *schema.get("$defs", {}).items()]
    for name, node in targets:
        for key, prop in node.get("properties", {}).items():
            text = DESCRIPTIONS.get(name, {}).get(key)
            if text and "description" not in prop:
                prop["description"] = text
    return schema
