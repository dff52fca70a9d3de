"""Self-hosted GitLab and GitHub Enterprise remotes select their entries once configured."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aidokit.reconcile.cli.main import main
from tests.helpers import new_project

Capture = pytest.CaptureFixture[str]


def project_on(tmp_path: Path, remote: str, aido_toml: str) -> Path:
    """A project whose origin is `remote`."""
    project = new_project(tmp_path, aido_toml)
    (project / ".git").mkdir(exist_ok=True)
    (project / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n')
    return project


def selected(project: Path, capsys: Capture) -> dict[str, str]:
    capsys.readouterr()
    assert main(["suggest", "--json", "--project", str(project)]) == 0
    return {row["id"]: row["reason"] for row in json.loads(capsys.readouterr().out)["selected"]}


def test_unconfigured_self_hosted_gitlab_selects_nothing(tmp_path: Path, capsys: Capture) -> None:
    """Without configuration a self-hosted host is no forge: no gitlab entry."""
    project = project_on(tmp_path, "git@gitlab.acme.internal:team/api.git", "")
    assert "gitlab" not in selected(project, capsys)


def test_aido_toml_forges_selects_the_forge_entry(tmp_path: Path, capsys: Capture) -> None:
    """aido.toml `[forges]` maps the host to gitlab: detect.gitlabRemote matches it."""
    toml = '[forges]\n"gitlab.acme.internal" = "gitlab"\n'
    project = project_on(tmp_path, "git@gitlab.acme.internal:team/api.git", toml)
    reason = selected(project, capsys)["gitlab"]
    assert reason == "detect.gitlabRemote (gitlab.acme.internal, from .git/config)"


def test_environment_forge_hosts_select_github_enterprise(
    tmp_path: Path, capsys: Capture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AIDO_FORGE_HOSTS names GitHub Enterprise for every project; the plan wants github."""
    monkeypatch.setenv("AIDO_FORGE_HOSTS", "github.acme.com=github")
    project = project_on(tmp_path, "https://github.acme.com/org/repo.git", "")
    assert "github" in selected(project, capsys)


@pytest.mark.parametrize(
    ("toml", "env", "named"),
    [
        ('[forges]\n"gitlab.acme.internal" = "gitea"\n', "", "forges"),
        ("", "gitlab.acme.internal=gitea", "AIDO_FORGE_HOSTS"),
    ],
)
def test_bad_forge_configuration_is_one_sentence(
    toml: str,
    env: str,
    named: str,
    tmp_path: Path,
    capsys: Capture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An unknown forge exits 1 naming where it came from; aido.toml stays byte-identical."""
    monkeypatch.setenv("AIDO_FORGE_HOSTS", env)
    project = project_on(tmp_path, "git@gitlab.acme.internal:team/api.git", toml)
    before = (project / "aido.toml").read_bytes()
    capsys.readouterr()
    assert main(["plan", "--project", str(project)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("aido: error: ") and named in err and err.count("\n") == 1
    assert (project / "aido.toml").read_bytes() == before


def test_local_layer_forges_merge_over_the_project(tmp_path: Path, capsys: Capture) -> None:
    """`[forges]` in aido.local.toml adds hosts on top of aido.toml's (merged per key)."""
    toml = '[forges]\n"github.acme.com" = "github"\n'
    project = project_on(tmp_path, "git@gitlab.acme.internal:team/api.git", toml)
    (project / "aido.local.toml").write_text('[forges]\n"gitlab.acme.internal" = "gitlab"\n')
    capsys.readouterr()
    argv = ["plan", "--json", "--adapter", "claude-code", "--scope", "local"]
    assert main([*argv, "--project", str(project)]) == 0  # the person's own files
    plan = json.loads(capsys.readouterr().out)
    names = {c["name"] for f in plan["files"] for c in f["changes"]}
    assert "gitlab" in names
