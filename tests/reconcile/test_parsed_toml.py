"""Through the CLI: TOML parsed before is read from `<user state dir>/parsed`, never wrongly."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import aido

CACHE = Path(".local/state/aido/parsed")


def _cache(home: Path) -> dict[str, tuple[bytes, int]]:
    """Each entry of the parsed-TOML folder: its bytes and modification time."""
    folder = home / CACHE
    entries = sorted(folder.iterdir()) if folder.exists() else []
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in entries}


def test_a_converged_plan_writes_nothing_to_the_cache(
    fixture_project: Callable[[str], Path], sandbox_home: Path
) -> None:
    """The first plan keeps aido.toml, pyproject.toml and config.toml; the next changes nothing."""
    project = fixture_project("demo-project")
    assert aido(project, "apply", "--yes") == 0
    assert aido(project, "plan") == 0
    kept = _cache(sandbox_home)
    assert len(kept) >= 3
    assert aido(project, "plan") == 0
    assert _cache(sandbox_home) == kept


def _loads_tomllib(project: Path) -> bool:
    """Run `aido plan` in a fresh interpreter; whether it imported tomllib."""
    code = (
        "import sys; from aidokit.reconcile import cli\n"
        f"try: cli.main(['plan', '--project', {str(project)!r}])\nexcept SystemExit: pass\n"
        "print('tomllib' in sys.modules, file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stderr.strip().splitlines()[-1] == "True"


def test_codex_trust_record_in_home_is_kept_parsed_too(
    fixture_project: Callable[[str], Path],
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """~/.codex/config.toml, read for its trust record, is parsed once and read right after."""
    project = fixture_project("demo-project")
    assert aido(project, "apply", "--yes") == 0
    record = sandbox_home / ".codex" / "config.toml"
    record.parent.mkdir()
    record.write_text(f'[projects."{project.resolve()}"]\ntrust_level = "trusted"\n')
    assert _loads_tomllib(project)  # a new text: parsed
    assert not _loads_tomllib(project)
    capsys.readouterr()
    assert aido(project, "plan") == 0
    assert "Codex ignores" not in capsys.readouterr().out  # the record was read, from the cache


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "aido.toml",
            'adapters = ["codex"\n',
            "{path} is not valid TOML: {error}; fix it and run aido again",
        ),
        (
            ".codex/config.toml",
            '[mcp_servers.x\ncommand = "a"\n',
            "{path}:1:15: config.toml is not valid TOML"
            " (Expected ']' at the end of a table declaration); fix it by hand,"
            " aido will not edit this file",
        ),
    ],
)
def test_a_file_that_is_not_toml_fails_the_same_way_every_time(
    tmp_path: Path,
    sandbox_home: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    text: str,
    message: str,
) -> None:
    """Each plan names the file and the fix, as tomllib words it; the file stays byte-identical."""
    project = tmp_path / "proj"
    (project / ".codex").mkdir(parents=True)
    (project / "aido.toml").write_text('adapters = ["codex"]\n')
    path = project / name
    path.write_text(text)
    with pytest.raises(tomllib.TOMLDecodeError) as caught:
        tomllib.loads(text)
    expected = message.format(path=path, error=caught.value)
    for _ in range(2):
        assert aido(project, "plan") == 1
        shown = capsys.readouterr()
        assert expected in shown.err + shown.out
        assert path.read_text() == text
    # Nothing is kept for the broken file: only the valid aido.toml, when it is the other one.
    assert len(_cache(sandbox_home)) == (name != "aido.toml")
