"""Every file aido writes goes through the one compare-and-swap writer (issue 13)."""

from __future__ import annotations

import stat
from pathlib import Path

from tests.helpers import ONLY_CONTEXT7, aido, new_project


def _linked_config(tmp_path: Path) -> tuple[Path, Path]:
    """A project whose aido.toml is a link into a dotfiles folder, as people keep it."""
    project = new_project(tmp_path)
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "aido.toml"
    target.write_text("# team choices\n" + ONLY_CONTEXT7)
    (project / "aido.toml").symlink_to(target)
    return project, target


def test_mcp_add_writes_through_a_linked_aido_toml(tmp_path: Path) -> None:
    """`aido mcp add` edits the link's target; the link stays a link."""
    project, target = _linked_config(tmp_path)
    argv = ("mcp", "add", "my-api", "--custom-url", "https://mcp.example.com/mcp")
    assert aido(project, *argv) == 0
    assert (project / "aido.toml").is_symlink()
    text = target.read_text()
    assert text.startswith("# team choices\n" + ONLY_CONTEXT7) and "[custom.my-api]" in text


def test_remove_writes_through_a_linked_aido_toml(tmp_path: Path) -> None:
    """`aido remove` records its skip in the link's target; the link stays a link."""
    project, target = _linked_config(tmp_path)
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "remove", "context7", "--yes") == 0
    assert (project / "aido.toml").is_symlink()
    assert "context7" in target.read_text().split("skip", 1)[1]


def test_saved_plan_is_private(tmp_path: Path) -> None:
    """`plan --out` writes a 0600 file, whatever the umask, and replaces an older one."""
    project = new_project(tmp_path, ONLY_CONTEXT7)
    out = tmp_path / "plan.json"
    out.write_text("old\n")
    out.chmod(0o644)
    assert aido(project, "plan", "--out", str(out)) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert out.read_text().startswith("{")
