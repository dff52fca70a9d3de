"""Why a change happens is data in the plan (plan/model.py Reason); show/reasons.py says it."""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import re
import string
from pathlib import Path
from types import SimpleNamespace

import pytest

from aidokit.catalog.models import deprecation
from aidokit.reconcile.core.errors import ConfigError
from aidokit.reconcile.plan.model import Action, Change, Reason
from aidokit.reconcile.read.decode import decode
from aidokit.reconcile.show.reasons import PLAIN, SAID, said
from tests.helpers import aido, new_project

RECONCILE = Path(__file__).resolve().parents[3] / "reconcile"


def test_every_reason_has_its_words() -> None:
    """Each Reason says something, with only the placeholders a change fills."""
    assert set(SAID) == set(Reason)
    assert set(PLAIN) <= set(Reason)
    for words in (*SAID.values(), *PLAIN.values()):
        fields = {name for _, name, _, _ in string.Formatter().parse(words) if name}
        assert fields <= {"detail", "id"}, words


def _sentences() -> set[str]:
    """The fixed words of every reason, what is left between its placeholders, of four
    words or more."""
    pieces = set()
    for words in SAID.values():
        for text, *_ in string.Formatter().parse(words):
            if len(text.split()) >= 4:  # shorter ones ("outside policy") are in notes too
                pieces.add(text.strip(" ([)]"))
    return pieces


def _strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings: what it could print."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


@pytest.mark.parametrize("layer", ["plan", "read", "write"])
def test_the_plans_reasons_are_not_sentences_below_the_renderers(layer: str) -> None:
    """No module that computes a plan spells a reason out: it says which Reason, and the
    renderers (show/) hold the English."""
    pieces = _sentences()
    assert pieces, "the words of the reasons were not found"
    found = [
        f"{path.relative_to(RECONCILE)}: {piece!r}"
        for path in sorted((RECONCILE / layer).rglob("*.py"))
        for text in _strings(path)
        for piece in pieces
        if piece in text
    ]
    assert not found, found


@pytest.mark.parametrize("why", list(Reason))
@pytest.mark.parametrize("detail", ["", "aido.toml", "a {brace} and $dollar"])
def test_a_reason_is_said_with_its_particulars_verbatim(why: Reason, detail: str) -> None:
    """The particulars go in once and as they are, never read as a template themselves."""
    change = Change(action=Action.DELETE, name="git", id="git", why=why, detail=detail)
    text = said(change)
    assert text or (why is Reason.DESIRED and not detail)  # a change without a reason
    if detail and "{detail}" in SAID[why]:
        assert text.count(detail) == 1
    if not detail and why in PLAIN:
        assert text == PLAIN[why].format(id="git")


@pytest.mark.parametrize("why", list(Reason))
def test_a_saved_change_keeps_its_reason(why: Reason) -> None:
    """Written as saved_plan.dump_plan writes a plan (asdict, enums without a str value by
    name) and read back as load_plan reads it: the same change, its Reason included."""
    change = Change(action=Action.DELETE, name="git", id="git", why=why, detail="x")
    text = json.dumps(dataclasses.asdict(change), default=lambda value: value.name)
    assert json.loads(text)["why"] == why.value
    back = decode(Change, text.encode(), json.loads(text), fail=ConfigError, memo=False)
    assert back == change and back.why is why


def test_an_unknown_reason_in_a_saved_change_is_refused() -> None:
    """A saved plan with a reason this aido does not know fails closed."""
    data = {"action": "DELETE", "name": "git", "id": "git", "why": "because"}
    with pytest.raises(ConfigError):
        decode(
            Change, json.dumps(data).encode(), data, fail=lambda e: ConfigError(str(e)), memo=False
        )


def test_the_words_match_what_the_plan_said_before() -> None:
    """The reasons read as they did when the plan held sentences (the snapshots hold the rest)."""

    def say(why: Reason, detail: str = "", entry: str = "github") -> str:
        return said(Change(action=Action.DELETE, name=entry, id=entry, why=why, detail=detail))

    assert say(Reason.SKIPPED, "aido.local.toml") == "skipped in aido.local.toml"
    # The catalog's own phrase for a retired entry (doctor, outdated): the same words.
    for replaced_by in (None, "github-v2"):
        entry = SimpleNamespace(replaced_by=replaced_by)
        assert say(Reason.DEPRECATED, replaced_by or "") == deprecation(entry)  # type: ignore[arg-type]
    assert say(Reason.DEPRECATED, "github-v2") == "deprecated, use github-v2"
    assert say(Reason.BUDGET) == "context budget for github"
    assert say(Reason.BUDGET, "qa") == "context budget for github in agent qa"
    assert say(Reason.ROLE_SCOPING) == "role scoping for github"
    assert say(Reason.NOT_TARGETED, "codex") == "codex is no longer targeted"
    assert say(Reason.UPGRADE, "a@1 -> a@2") == "upgrade: a@1 -> a@2"
    assert say(Reason.DESIRED, "always") == "always"
    assert re.fullmatch(r"outside policy \(.+\)", say(Reason.OUTSIDE_POLICY, "deny 'x' in org"))


@pytest.mark.parametrize(
    ("codex_home", "said_there"),
    [(True, "codex now uses another file"), (False, "codex is not installed")],
)
def test_an_orphan_says_why_its_entries_go(
    tmp_path: Path,
    sandbox_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    codex_home: bool,
    said_there: str,
) -> None:
    """Codex's file moved back from $CODEX_HOME: aido's entries in the old one go, and the
    plan says whether codex uses another file now or is not installed (read/world.py
    names the case, the engine makes it a Reason)."""
    old = tmp_path / "old-codex"
    old.mkdir()
    layer = Path(os.environ["XDG_CONFIG_HOME"]) / "aido" / "aido.toml"
    layer.parent.mkdir(parents=True, exist_ok=True)
    layer.write_text('adapters = ["codex"]\nsuggest = false\n[mcp]\nadd = ["time"]\n')
    project = new_project(tmp_path, 'adapters = ["codex"]\nsuggest = false\n')
    monkeypatch.setenv("CODEX_HOME", str(old))
    assert aido(project, "apply", "--yes", "--scope", "user") == 0
    assert "time" in (old / "config.toml").read_text()
    monkeypatch.delenv("CODEX_HOME")
    if codex_home:
        (sandbox_home / ".codex").mkdir()
    capsys.readouterr()
    assert aido(project, "plan", "--scope", "user", "--detailed-exitcode") == 2
    assert f"- time  (delete: {said_there})" in capsys.readouterr().out


@pytest.mark.parametrize("scope", ["project", "user"])
def test_a_server_switched_off_says_so_in_every_harness(
    tmp_path: Path, sandbox_home: Path, capsys: pytest.CaptureFixture[str], scope: str
) -> None:
    """`enabled = false` alone is no tool budget: every change it brings, in any harness and
    file (Claude Code's disabledMcpjsonServers item, its permissions.deny rule at user
    scope, an entry's own off key), says the server is switched off."""
    from aidokit.adapters import ADAPTERS

    switches = 0  # changes that are an off switch
    for name in sorted(ADAPTERS):
        project = new_project(
            tmp_path,
            f'adapters = ["{name}"]\n[mcp]\nadd = ["context7"]\nskip = ["sequential-thinking"]\n'
            "[override.context7]\nenabled = false\n",
            folder=name,
        )
        if scope == "user":
            (sandbox_home / ".config" / "aido").mkdir(parents=True, exist_ok=True)
            (sandbox_home / ".config" / "aido" / "aido.toml").write_bytes(
                (project / "aido.toml").read_bytes()
            )
        aido(project, "--scope", scope, "plan", "--json")
        out = capsys.readouterr().out
        if not out.strip():  # no file in this scope
            continue
        files = json.loads(out).get("files", [])  # an "error": no entry here (junie: no HTTP)
        for file in files:
            for change in file["changes"]:
                if change["id"] != "context7" or change["action"] != "create":
                    continue
                reason = change["reason"] or ""
                assert "context budget" not in reason, (name, file["path"], change)
                switches += reason == "enabled = false for context7"
    assert switches  # Claude Code's at least
