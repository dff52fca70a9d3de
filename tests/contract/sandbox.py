"""A scratch home + project in which the real harness CLIs run (harness-formats.md §25)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.session import locked

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "contract"
CLIS = ("codex", "gemini", "opencode", "claude", "copilot", "qwen")
CLIS += ("cline",)
CLIS += ("amp", "auggie")
CLIS += ("openhands", "vibe", "hermes", "dcode")  # PyPI: a venv each (contract/bundled.py)
CLIS += ("kilo", "kilocode", "droid", "cn")
# Fixture files are placed verbatim except for this token, which becomes the
# sandbox's absolute project path (Claude Code local scope and the trust lists
# of Codex and Copilot CLI are keyed by it).
PROJECT_TOKEN = "@@PROJECT@@"
TIMEOUT_SEC = 60

# Keep the CLIs offline, quiet and non-interactive. Each line names the CLI that reads it.
QUIET_ENV = {
    "CI": "1",
    "NO_COLOR": "1",
    "TERM": "dumb",
    "DISABLE_AUTOUPDATER": "1",  # claude
    "DISABLE_TELEMETRY": "1",  # claude
    "DISABLE_ERROR_REPORTING": "1",  # claude
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",  # claude
    "COPILOT_AUTO_UPDATE": "false",  # copilot
    "GEMINI_TELEMETRY_ENABLED": "false",  # gemini
    "GEMINI_CLI_NO_RELAUNCH": "true",  # gemini: do not re-spawn node with a bigger heap
    "OPENCODE_DISABLE_AUTOUPDATE": "1",  # opencode
    "OPENCODE_DISABLE_MODELS_FETCH": "1",  # opencode
    "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",  # opencode
    "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",  # opencode
    "OPENCODE_DISABLE_SHARE": "1",  # opencode
    "AMP_URL": "http://127.0.0.1:9",  # amp: its account lookup goes to a closed local port
    "KILO_DISABLE_AUTOUPDATE": "1",  # kilo
    "KILO_DISABLE_MODELS_FETCH": "1",  # kilo: else it tries models.dev (and logs an error)
    "KILO_DISABLE_SHARE": "1",  # kilo
    "KILO_DISABLE_LSP_DOWNLOAD": "1",  # kilo
    "KILO_TELEMETRY_LEVEL": "off",  # kilo: PostHog only for "all" (else it dials out, then waits)
}


@dataclass(frozen=True)
class Sandbox:
    """A scratch HOME, a project folder and a PATH holding only `node`.

    `cache`, when set, is a folder shared by many sandboxes for what a CLI unpacks
    or compiles, not what it reads as config: Copilot CLI's runtime (~235 MB it
    would otherwise unpack into each fresh HOME) and node's compile cache (which
    Copilot CLI's node would otherwise keep under each sandbox's TMPDIR). Config
    and state still live in this sandbox's HOME.
    """

    root: Path
    cache: Path | None = None

    @property
    def home(self) -> Path:
        """Return the scratch HOME."""
        return self.root / "home"

    @property
    def project(self) -> Path:
        """Return the project folder the CLIs run in."""
        return self.root / "project"

    @property
    def bin(self) -> Path:
        """Return the only folder on the CLIs' PATH."""
        return self.root / "bin"

    def env(self, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """Return the complete environment for a CLI run; nothing leaks from ours."""
        home = str(self.home)
        env = {
            "PATH": str(self.bin),
            "HOME": home,
            "USERPROFILE": home,
            "XDG_CONFIG_HOME": f"{home}/.config",
            "XDG_DATA_HOME": f"{home}/.local/share",
            "XDG_STATE_HOME": f"{home}/.local/state",
            "XDG_CACHE_HOME": f"{home}/.cache",
            "CODEX_HOME": f"{home}/.codex",
            "COPILOT_HOME": f"{home}/.copilot",
            "TMPDIR": str(self.root / "tmp"),
            **QUIET_ENV,
        }
        if self.cache is not None:
            env["COPILOT_PKG_CACHE_HOME"] = str(self.cache / "copilot")
            env["NODE_COMPILE_CACHE"] = str(self.cache / "node-compile-cache")
        env.update(extra or {})
        return env

    def place(self, tree: Path) -> None:
        """Copy a fixture tree (`home/...`, `project/...`) into the sandbox."""
        for src in sorted(p for p in tree.rglob("*") if p.is_file()):
            rel = src.relative_to(tree)
            if rel.parts[0] not in ("home", "project"):
                continue
            self.write(rel, src.read_text(encoding="utf-8"))

    def write(self, rel: str | Path, text: str) -> Path:
        """Write `text` at `home/...` or `project/...`, filling in the project path."""
        dest = self.root / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(text.replace(PROJECT_TOKEN, str(self.project)), encoding="utf-8")
        return dest

    def trust_project(self, cli: str) -> None:
        """Record the user's trust in the project, as the CLI would after its prompt."""
        if cli == "codex":
            cfg = self.home / ".codex" / "config.toml"
            old = cfg.read_text(encoding="utf-8") if cfg.exists() else ""
            entry = f'\n[projects."{self.project}"]\ntrust_level = "trusted"\n'
            self.write(cfg.relative_to(self.root), old + entry)
        elif cli == "copilot":
            self.write("home/.copilot/config.json", f'{{"trusted_folders": ["{self.project}"]}}\n')
        elif cli == "claude":
            # What accepting Claude Code's trust dialog records (the project is no git repo).
            cfg = self.home / ".claude.json"
            data = json.loads(cfg.read_text(encoding="utf-8")) if cfg.exists() else {}
            data.setdefault("projects", {}).setdefault(str(self.project), {})
            data["projects"][str(self.project)]["hasTrustDialogAccepted"] = True
            self.write(cfg.relative_to(self.root), json.dumps(data, indent=2) + "\n")
        elif cli == "vibe":
            # What trusting the folder records ($VIBE_HOME/trusted_folders.toml).
            self.write("home/.vibe/trusted_folders.toml", f'trusted = ["{self.project}"]\n')
        else:
            raise ValueError(f"no project trust to record for {cli!r}")


def make_sandbox(root: Path, cache: Path | None = None) -> Sandbox:
    """Create the folders of a sandbox under `root` (see `Sandbox` for `cache`)."""
    box = Sandbox(root.resolve(), cache)
    for folder in (box.home, box.project, box.bin, box.root / "tmp"):
        folder.mkdir(parents=True, exist_ok=True)
    node = shutil.which("node")
    if node is None:
        pytest.fail("`node` is not on PATH; the harness CLIs need Node.js (run `make harnesses`)")
    (box.bin / "node").symlink_to(node)
    return box


def harness_bin() -> Path:
    """Return the folder holding the pinned harness CLIs."""
    configured = os.environ.get("AIDO_HARNESS_BIN")
    if configured:
        return Path(configured)
    return REPO / ".cache" / "harnesses" / "node_modules" / ".bin"


def cli_path(name: str) -> Path:
    """Return the path of one pinned harness CLI, failing the test if it is missing."""
    path = harness_bin() / name
    if not path.exists():
        pytest.fail(
            f"harness CLI {name!r} not found at {path}; run `make harnesses` "
            "(or set AIDO_HARNESS_BIN to the folder holding the pinned CLIs)",
            pytrace=False,
        )
    return path


# A CLI's name -> the version it reports (the `version_of` fixture).
Version = Callable[[str], tuple[int, ...]]


def cli_version(name: str, sandbox: Sandbox) -> tuple[int, ...]:
    """The version a harness CLI reports with `--version`, as numbers (`2.1.332` -> (2, 1, 332))."""
    out = run_cli(name, "--version", sandbox=sandbox).stdout
    found = re.search(r"\d+(?:\.\d+)+", out)
    if found is None:
        pytest.fail(f"`{name} --version` printed no version: {out!r}")
    return tuple(int(part) for part in found[0].split("."))


def run_cli(
    name: str,
    *args: str,
    sandbox: Sandbox,
    env: Mapping[str, str] | None = None,
    check: bool = True,
) -> subprocess.CompletedProcess[str]:
    """Run a harness CLI inside the sandbox: project cwd, scratch HOME, no stdin, no TTY."""
    argv = [str(cli_path(name)), *args]
    try:
        with _unpacked_once(name, sandbox):
            proc = subprocess.run(
                argv,
                cwd=sandbox.project,
                env=sandbox.env(env),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                text=True,
                timeout=TIMEOUT_SEC,
                start_new_session=True,  # no controlling terminal
                check=False,
            )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`{name} {' '.join(args)}` did not finish within {TIMEOUT_SEC}s")
    if check and proc.returncode != 0:
        pytest.fail(
            f"`{name} {' '.join(args)}` exited {proc.returncode}\n"
            f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"
        )
    return proc


@contextmanager
def _unpacked_once(name: str, sandbox: Sandbox) -> Iterator[None]:
    """One Copilot CLI run at a time until one has unpacked its runtime into the shared cache.

    Without this, the first copilot run of each pytest-xdist worker unpacks it too.
    """
    if name != "copilot" or sandbox.cache is None or (sandbox.cache / "copilot.ready").exists():
        yield
        return
    with locked(sandbox.cache / "copilot.lock"):
        yield
        (sandbox.cache / "copilot.ready").touch()
