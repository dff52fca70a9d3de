"""Diffs show the user's values and hide their secrets (issue 38 point 5, SPEC §7): what
the secret rules call a secret is `<redacted>` in every rendering of a plan (text in each
file syntax, JSON, saved plans, adopt's diff); every other value is shown as it is."""

from __future__ import annotations

import dataclasses
import json
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aidokit.adapters.base import Format, Scope
from aidokit.reconcile.gate.redaction import REDACTED, redact_plan, redacted
from aidokit.reconcile.plan.model import Action, Change, FileChange, Plan
from aidokit.reconcile.plan.planner import field_diff
from aidokit.reconcile.show.plan_json import render_plan_json
from aidokit.reconcile.show.plan_text import render_diff, render_plan

AFTER = {"type": "http", "url": "https://mcp.aido.example/mcp"}

# Secrets long and random enough never to occur by chance in the rest of the output.
_secret = st.text(string.ascii_letters + string.digits, min_size=16, max_size=24).filter(
    lambda s: any(c.isdigit() for c in s) and any(c.isalpha() for c in s)
)
# Values that are no secret: words, versions, paths, plain URLs.
_word = st.text(string.ascii_lowercase, min_size=4, max_size=10)
_plain = st.one_of(
    _word,
    st.builds(lambda w, n: f"@{w}/{w}-mcp@{n}.0.1", _word, st.integers(0, 99)),
    st.builds(lambda w: f"/home/me/tools/{w}.js", _word),
    st.builds(lambda w: f"https://{w}.example.com/{w}", _word),
)
_SECRET_NAMES = ("GITHUB_TOKEN", "API_KEY", "DB_PASSWORD", "CLIENT_SECRET", "apiKey")
_PLAIN_NAMES = ("LOG_LEVEL", "REGION", "MODE", "HOME_DIR", "WORKSPACE")


@st.composite
def _secret_in_place(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A secret and one field of a user's entry that holds it, in one of the ways the
    secret rules know: a token format, a DSN's password, a secret key in a query or
    argument, a value under a secret name."""
    secret = draw(_secret)
    word = draw(_word)
    forms: list[dict[str, Any]] = [
        {"args": [f"ghp_{secret}"]},
        {"args": [f"--token={secret}"]},
        {"args": ["--api-key", secret]},
        {"args": [f"GITHUB_TOKEN={secret}"]},
        {"args": [f"postgresql://{word}:{secret}@db.internal:5432/{word}"]},
        {"url": f"https://{word}.example.com/mcp?api_key={secret}"},
        {"url": f"https://{word}:{secret}@{word}.example.com/mcp"},
        {"env": {draw(st.sampled_from(_SECRET_NAMES)): secret}},
        {"env": {"DATABASE_URL": f"postgres://{word}:{secret}@localhost/{word}"}},
        {"headers": {"Authorization": f"Bearer {secret}"}},
        {"headers": {"X-Api-Key": secret}},
        {"env": {"SOME_VALUE": f"sk-{secret}"}},
    ]
    return secret, draw(st.sampled_from(forms))


@st.composite
def _entry(draw: st.DrawFn) -> tuple[dict[str, Any], list[str], list[str]]:
    """A user's entry with secrets and plain values mixed, the secrets, the plain values."""
    plain_args = draw(st.lists(_plain, max_size=3))
    plain_env = draw(st.dictionaries(st.sampled_from(_PLAIN_NAMES), _word, max_size=2))
    entry: dict[str, Any] = {"command": draw(_word), "args": list(plain_args), "env": plain_env}
    secrets = []
    for secret, place in draw(st.lists(_secret_in_place(), min_size=1, max_size=3)):
        secrets.append(secret)
        for key, item in place.items():
            if isinstance(item, list):
                entry["args"] = [*entry["args"], *item]
            elif isinstance(item, dict):
                entry[key] = {**entry.get(key, {}), **item}
            else:
                entry[key] = item
    shown = [entry["command"], *plain_args, *plain_env.values()]
    return entry, secrets, shown


def _plan(change: Change, fmt: Format) -> Plan:
    file = FileChange(
        adapter="claude-code",
        scope=Scope.PROJECT,
        path="mcp-file",
        abs_path="/p/mcp-file",
        fmt=fmt,
        map_path=("mcpServers",),
        state_path="/s",
        record_path="mcp-file",
        digest="d",
        changes=(change,),
    )
    return Plan(project="/p", scope=Scope.PROJECT, files=(file,))


def _renderings(before: dict[str, Any]) -> list[str]:
    """Every way a plan holding `before` (a conflict, a heal of it) is shown or saved."""
    conflict = Change(action=Action.CONFLICT, name="srv", id="srv", before=before, after=AFTER)
    heal = dataclasses.replace(conflict, action=Action.HEAL, diff=field_diff(before, AFTER))
    out = []
    for change in (conflict, heal):
        for fmt in Format:
            plan = _plan(change, fmt)
            out += [render_plan(plan), render_diff(change, fmt)]
        saved = dataclasses.asdict(redact_plan(_plan(change, Format.JSON)))
        out += [render_plan_json(_plan(change, Format.TOML)), json.dumps(saved, default=str)]
    return out


@settings(max_examples=150, deadline=None)
@given(_entry())
def test_no_secret_is_shown_and_every_other_value_is(case: Any) -> None:
    """No generated secret appears in any rendered plan, diff or saved plan, and every
    non-secret value of the user's entry does, in each file syntax."""
    before, secrets, shown = case
    for text in _renderings(before):
        for secret in secrets:
            assert secret not in text
    for text in _renderings(before)[:-1:2]:  # the text plans, in every syntax
        for item in shown:
            assert item in text, (item, text)


@pytest.mark.parametrize(
    ("fmt", "line"),
    [
        (
            Format.JSON,
            '- "args": ["-y", "@upstash/context7-mcp@latest", "--api-key", "<redacted>"]',
        ),
        (Format.TOML, '- args = ["-y", "@upstash/context7-mcp@latest", "--api-key", "<redacted>"]'),
        (Format.MARKDOWN, '- args: [-y, "@upstash/context7-mcp@latest", --api-key, <redacted>]'),
    ],
)
def test_a_conflict_shows_the_users_entry_in_the_files_syntax(fmt: Format, line: str) -> None:
    """The README's example: `npx -y @upstash/context7-mcp@latest` is shown, the key is not."""
    before = {"command": "npx", "args": ["-y", "@upstash/context7-mcp@latest", "--api-key", "k"]}
    change = Change(
        action=Action.CONFLICT, name="context7", id="context7", before=before, after=AFTER
    )
    text = render_plan(_plan(change, fmt))
    assert line in text
    assert ("command: npx" if fmt is Format.MARKDOWN else "npx") in text


def test_words_that_name_a_kind_of_entry_are_never_redacted() -> None:
    """`"sse"`, a path or a package is no secret; a reference is none either."""
    entry = {"type": "sse", "url": "https://x.example/sse", "env": {"GITHUB_TOKEN": "${GH}"}}
    assert redacted(entry) == entry
    assert redacted({"headers": {"Authorization": "Bearer ${TOKEN}"}})["headers"] == {
        "Authorization": "Bearer ${TOKEN}"
    }
    assert redacted({"env": {"API_KEY": "literal"}}) == {"env": {"API_KEY": REDACTED}}
