"""Exit 1 means nothing was written (issue 30 §3): every setting and freshness check comes first."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from aidokit.reconcile.write.settings import READERS, check_settings
from tests.fuzz import fuzz_settings
from tests.helpers import aido, new_project, saved_plan

PACKAGE = Path(__file__).resolve().parents[3]
TOML = 'adapters = ["claude-code"]\n[mcp]\nadd = ["memory"]\nskip = ["sequential-thinking"]\n'

# A bad value per setting, as each one's reader refuses it.
BAD = {
    "AIDO_JOURNAL_KEEP": ["abc", "0", "-1", "1.5", "", " ", "²", "1e3"],
    "AIDO_JOURNAL_MAX_MB": ["-1", "0", "abc", "2.0", "0x10"],
    "AIDO_LOCK_TIMEOUT": ["x", "", "ten", "1,5"],
    "AIDO_FORGE_HOSTS": ["gitlab.acme", "host=nosuchforge", "=gitlab"],
    "AIDO_NPM_REGISTRY": ["ftp://mirror", "registry.example", "file:///tmp"],
    "AIDO_PYPI_URL": ["ftp://mirror", "pypi.example"],
    "AIDO_REGISTRY_TIMEOUT": ["abc", "0", "-1", "nan", "inf"],
    "AIDO_POLICY_FILE": ["policy.toml", "", "./etc/aido/policy.toml"],
    "AIDO_GIT_TIMEOUT": ["abc", "0", "-1", "nan", "inf"],
    "AIDO_BASELINE_ROOTS": ["relative/folder", "/ok:relative", "."],
}


def tree(root: Path) -> dict[str, bytes | None]:
    """Every path under `root` with its bytes (None for a folder)."""
    return {
        str(path.relative_to(root)): None if path.is_dir() else path.read_bytes()
        for path in sorted(root.rglob("*"))
    }


def journal(home: Path) -> list[str]:
    """The transactions aido's journal holds under the sandboxed user state dir."""
    root = home / ".local" / "state" / "aido" / "journal"
    return sorted(str(p) for p in root.rglob("record.json")) if root.exists() else []


def test_every_setting_the_package_reads_is_checked() -> None:
    """Each `AIDO_*` name in the package's source has a reader in `check_settings`."""
    names = set()
    for folder in ("reconcile", "catalog", "adapters"):
        for path in (PACKAGE / folder).rglob("*.py"):
            names |= set(re.findall(r"\bAIDO_[A-Z_]+\b", path.read_text(encoding="utf-8")))
    assert names == set(READERS)
    assert set(BAD) == set(READERS)


@pytest.mark.parametrize(("name", "value"), [(n, v) for n, vs in BAD.items() for v in vs])
def test_check_settings_refuses_each_bad_value(
    name: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bad value of any setting is an AidoError (exit 1) that names the variable."""
    from aidokit.reconcile.core.errors import AidoError

    with pytest.raises(AidoError, match=name):
        check_settings({name: value})


# What an environment variable can hold: no NUL, no lone surrogate.
ENV_TEXT = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12
)


@fuzz_settings(24, HealthCheck.function_scoped_fixture)
@given(
    name=st.sampled_from(sorted(READERS)),
    value=st.one_of(st.sampled_from([v for vs in BAD.values() for v in vs]), ENV_TEXT),
    command=st.sampled_from(
        [
            ("apply", "--yes"),
            ("destroy", "--yes"),
            ("upgrade", "--yes"),
            ("remove", "memory", "--yes"),
        ]
    ),
)
def test_apply_with_any_setting_writes_nothing_or_succeeds(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    value: str,
    command: tuple[str, ...],
) -> None:
    """Whatever a setting holds, a writing command exits 0, or exits 1 with the tree unchanged."""
    import os

    root = tmp_path_factory.mktemp("settings")
    project = new_project(root, TOML)
    if command[0] in ("destroy", "remove"):
        assert aido(project, "apply", "--yes") == 0
    before, records = tree(project), journal(Path(os.environ["HOME"]))
    saved = os.environ.get(name)
    os.environ[name] = value
    try:
        code = aido(project, *command)
    finally:
        if saved is None:
            del os.environ[name]
        else:
            os.environ[name] = saved
    assert code in (0, 1)
    if code == 1:
        assert tree(project) == before
        assert journal(Path(os.environ["HOME"])) == records


@pytest.mark.parametrize(("name", "value"), [(n, vs[0]) for n, vs in BAD.items()])
def test_bad_setting_exits_1_before_the_first_write(
    tmp_path: Path,
    name: str,
    value: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`AIDO_JOURNAL_KEEP=abc apply` (and each bad setting) exits 1 naming it, writing nothing."""
    project = new_project(tmp_path, TOML)
    before = tree(project)
    monkeypatch.setenv(name, value)
    assert aido(project, "apply", "--yes") == 1
    assert name in capsys.readouterr().err
    assert tree(project) == before


def test_saved_plan_after_the_lock_changed_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`aido apply plan.json` after aido.lock changed is stale: exit 1, every file as it was."""
    project = new_project(tmp_path, TOML)
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(TOML.replace('["memory"]', '["memory", "git"]'))
    saved, _ = saved_plan(project)
    lock = json.loads((project / "aido.lock").read_text())
    (project / "aido.lock").write_text(json.dumps(lock, indent=4) + "\n")  # same entries, new bytes
    before = tree(project)
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    err = capsys.readouterr().err
    assert "aido.lock changed since saved plan" in err and f"--out {saved}" in err
    assert tree(project) == before


def test_plan_made_over_a_lock_that_then_changed_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lock edited between planning and writing (same run) stops apply before any file."""
    from aidokit.reconcile.cli import plan_apply as common

    project = new_project(tmp_path, TOML)
    assert aido(project, "apply", "--yes") == 0
    (project / "aido.toml").write_text(TOML.replace('["memory"]', '["memory", "git"]'))
    planned, edited = common.compute_plan, {}

    def then_edit(args: object) -> object:
        plan = planned(args)  # type: ignore[arg-type]
        (project / "aido.lock").write_text((project / "aido.lock").read_text() + "\n")
        edited.update(tree(project))
        return plan

    monkeypatch.setattr(common, "compute_plan", then_edit)
    monkeypatch.setattr("aidokit.reconcile.cli.commands.apply.compute_plan", then_edit)
    assert aido(project, "apply", "--yes") == 1
    assert "aido.lock changed since the plan was made" in capsys.readouterr().err
    assert tree(project) == edited
