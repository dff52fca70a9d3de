"""Small helpers shared by test modules."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aidokit.reconcile.cli.main import main


def aido(project: Path, *argv: str) -> int:
    """Run `aido ARGV --project PROJECT` in-process and return its exit code."""
    return main([*argv, "--project", str(project)])


# Only `context7` is desired, whatever else the catalog suggests for an empty project.
ONLY_CONTEXT7 = 'adapters = ["claude-code"]\n[mcp]\nskip = ["sequential-thinking"]\n'


def new_project(tmp_path: Path, aido_toml: str | None = None, folder: str = "proj") -> Path:
    """An empty project folder `tmp_path/FOLDER`, with that `aido.toml` when one is given."""
    root = tmp_path / folder
    root.mkdir(exist_ok=True)
    if aido_toml is not None:
        (root / "aido.toml").write_text(aido_toml, encoding="utf-8")
    return root


def user_layer(home: Path, text: str = "# the user's own layer\n") -> Path:
    """Start the user layer (`~/.config/aido/aido.toml` in the sandbox's XDG folder): without
    one, user scope plans nothing (issue 38 §10); an empty one detects and suggests."""
    from aidokit.adapters.base import Host
    from aidokit.reconcile.read.choices.layers import user_config_path

    path = user_config_path(Host.current(home))  # where this OS keeps it (%APPDATA% too)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_files(root: Path, files: dict[str, bytes]) -> Path:
    """`root` with each relative path in `files` written as its bytes (folders made as needed)."""
    for relative, raw in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(raw)
    return root


def frontmatter(path: Path) -> dict[str, Any]:
    """The YAML frontmatter of the Markdown agent file at `path`, parsed."""
    from ruamel.yaml import YAML

    data: dict[str, Any] = YAML(typ="safe").load(path.read_text().split("---", 2)[1])
    return data


def saved_plan(project: Path) -> tuple[Path, dict[str, Any]]:
    """Save `aido plan --out` next to `project` as plan.json: its path and its parsed JSON."""
    saved = project.parent / "plan.json"
    assert aido(project, "plan", "--out", str(saved)) == 0
    data: dict[str, Any] = json.loads(saved.read_text())
    return saved, data


def load_config_by_memo(project: Path) -> object:
    """`load_config`: only decode's memo can spare pydantic."""
    from aidokit.reconcile.read.choices import config

    return config.load_config(project)


def load_state_by_memo(path: Path) -> object:
    """`load_state`: only decode's memo can spare pydantic."""
    from aidokit.reconcile.read import ownership

    return ownership.load_state(path)


def loads_pydantic(function: Callable[[Path], object], path: Path) -> bool:
    """Whether `function(path)`, run in a fresh process, loads pydantic."""
    name = function.__name__
    code = (
        f"import sys\nfrom pathlib import Path\nfrom {function.__module__} import {name}\n"
        f"{name}(Path({str(path)!r}))\nprint('pydantic' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=os.environ
    )
    return out.stdout.strip() == "True"
