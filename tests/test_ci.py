"""The pre-commit hook and the GitHub Action's script, run locally against fixtures."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from syrupy.assertion import SnapshotAssertion

from tests.inprocess import run_main
from tests.test_json_schemas import assert_valid

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SCRIPT = ROOT / "ci" / "aido-check.sh"
# pip's own cache, found before the sandboxed HOME hides it: installs in slow tests reuse it.
PIP_CACHE = os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")
# The same for the seed wheels virtualenv unpacks for each environment pre-commit makes.
VIRTUALENV_DATA = os.environ.get("VIRTUALENV_OVERRIDE_APP_DATA") or str(
    Path.home() / ".cache" / "virtualenv"
)


def hook(name: str = "aido-check") -> dict[str, str]:
    """A hook's keys (the file is flat YAML: one `key: value` per line, `- id:` starts one)."""
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    block = next(b for b in re.split(r"^- ", text, flags=re.M) if b.startswith(f"id: {name}\n"))
    pairs = re.findall(r"^\s*-?\s*([a-z_]+): (.+)$", "- " + block, re.M)
    return dict(pairs)


def test_tool_pin_hook_is_opt_in_and_probes_in_project_scope() -> None:
    """`aido-tool-pins` (issue 53): doctor --probe with the SDK, never the default hook."""
    keys = hook("aido-tool-pins")
    assert keys["entry"].startswith("aido doctor --probe --scope project")
    assert "aidokit[probe]" in keys["additional_dependencies"]
    assert "--probe" not in hook()["entry"]


def environ(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "GITHUB_"))}
    env.update(HOME=str(home), PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", **extra)
    return env


@pytest.fixture
def drifted(fixture_project: Callable[[str], Path]) -> Path:
    """The demo project before its first apply: its files lack the desired entries."""
    return fixture_project("demo-project")


@pytest.fixture
def converged(drifted: Path, sandbox_home: Path) -> Path:
    """The demo project after `aido apply --yes`, run in-process in the hook's environment."""
    unset: dict[str, str | None] = {
        name: None for name in os.environ if name.startswith(("XDG_", "GITHUB_"))
    }
    done = run_main(["apply", "--yes"], cwd=drifted, env={**unset, "HOME": str(sandbox_home)})
    assert done.returncode == 0, done.stderr
    return drifted


def snapshot(project: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in project.rglob("*") if p.is_file()}


def test_hook_is_a_project_scope_plan_that_takes_no_filenames() -> None:
    """The hook runs `aido plan --detailed-exitcode` in project scope, as a python hook."""
    keys = hook()
    assert keys["id"] == "aido-check"
    assert keys["entry"].startswith("aido plan --detailed-exitcode --scope project")
    assert (keys["language"], keys["pass_filenames"]) == ("python", "false")


@pytest.mark.parametrize(("state", "expected"), [("drifted", 2), ("converged", 0)])
def test_hook_entry_fails_on_drift_and_writes_nothing(
    state: str, expected: int, request: pytest.FixtureRequest, sandbox_home: Path
) -> None:
    """The hook's entry exits 2 on a drifted project, 0 on a converged one; no file changes."""
    project: Path = request.getfixturevalue(state)
    before = snapshot(project)
    result = subprocess.run(
        shlex.split(hook()["entry"]), cwd=project, env=environ(sandbox_home), capture_output=True
    )
    assert result.returncode == expected, result.stdout
    assert snapshot(project) == before


def run_hook(project: Path, home: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    argv = [*shlex.split(hook()["entry"]), *extra]
    return subprocess.run(argv, cwd=project, env=environ(home), capture_output=True, text=True)


def test_hook_prints_a_short_summary_on_drift(drifted: Path, sandbox_home: Path) -> None:
    """Drift: the files that drifted, the counts and the one fix; not the whole plan."""
    result = run_hook(drifted, sandbox_home)
    assert result.returncode == 2
    lines = result.stdout.splitlines()
    assert lines[0].startswith("aido: MCP config drifted from aido.toml in 4 file(s)")
    assert any(line.startswith("  .mcp.json (claude-code): + ") for line in lines)
    assert re.search(r"^Plan: \d+ to add", result.stdout, re.M)
    assert "Fix: run `aido apply` and commit the result" in result.stdout
    assert len(lines) <= 8 and "      url = " not in result.stdout  # no entry bodies


def test_hook_prints_the_full_plan_with_verbose(drifted: Path, sandbox_home: Path) -> None:
    """`args: [-v]` adds the full plan before the summary."""
    result = run_hook(drifted, sandbox_home, "-v")
    assert result.returncode == 2
    assert "# .mcp.json (claude-code, project)" in result.stdout
    assert result.stdout.rstrip().endswith("(`aido plan` shows the details).")
    assert "debug" not in result.stderr + result.stdout  # -v is for people, not debug logs


def test_hook_summary_when_converged_or_broken(converged: Path, sandbox_home: Path) -> None:
    """Converged: one line. An unparsable file: its error and the repair hint, exit 1."""
    result = run_hook(converged, sandbox_home)
    assert (result.returncode, result.stdout) == (
        0,
        "aido: 4 MCP config file(s) match aido.toml.\n",
    )
    (converged / ".mcp.json").write_text("{broken")
    result = run_hook(converged, sandbox_home)
    assert result.returncode == 1
    assert "  .mcp.json (claude-code): error: " in result.stdout
    assert "Fix: repair the file(s) marked error" in result.stdout


def git(cwd: Path, *argv: str) -> str:
    """Run git with a fixed identity; return its stdout."""
    ident = ["-c", "user.name=aido tests", "-c", "user.email=tests@aido.invalid"]
    result = subprocess.run(
        ["git", *ident, *argv], cwd=cwd, check=True, capture_output=True, text=True
    )
    return result.stdout.strip()


def copy_checkout(dest: Path) -> Path:
    """`dest` holding this checkout's files, tracked and new (none git ignores: no build/)."""
    files = git(ROOT, "ls-files", "-co", "--exclude-standard", "-z").split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def pinned_clone(dest: Path) -> str:
    """A git repository holding this checkout's files (tracked and new) in one commit."""
    copy_checkout(dest)
    git(dest, "init", "-q", "-b", "main")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "aidokit under test")
    return git(dest, "rev-parse", "HEAD")


def pre_commit(project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    argv = [str(BIN / "pre-commit"), "run", "aido-check", "--all-files", "--color", "never"]
    return subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True)


@pytest.mark.slow
def test_real_pre_commit_runs_the_hook_from_a_pinned_clone(
    drifted: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """docs/ci.md's pre-commit recipe, with `rev:` a commit: summary on drift, pass when applied."""
    (tmp_path / "aidokit").mkdir()
    sha = pinned_clone(tmp_path / "aidokit")
    shutil.rmtree(drifted / ".git")
    git(drifted, "init", "-q")
    config = f"repos:\n  - repo: {tmp_path / 'aidokit'}\n    rev: {sha}\n"
    config += "    hooks:\n      - id: aido-check\n"
    (drifted / ".pre-commit-config.yaml").write_text(config)
    git(drifted, "add", "-A")
    env = environ(
        sandbox_home,
        PRE_COMMIT_HOME=str(tmp_path / "pre-commit"),
        PIP_CACHE_DIR=PIP_CACHE,
        VIRTUALENV_OVERRIDE_APP_DATA=VIRTUALENV_DATA,
    )
    result = pre_commit(drifted, env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(r"^aido drift check\.+Failed$", result.stdout, re.M)
    assert "aido: MCP config drifted from aido.toml" in result.stdout
    assert "Fix: run `aido apply`" in result.stdout and "      url = " not in result.stdout
    subprocess.run([str(BIN / "aido"), "apply", "--yes"], cwd=drifted, env=env, check=True)
    git(drifted, "add", "-A")
    result = pre_commit(drifted, env)
    assert result.returncode == 0, result.stdout
    assert re.search(r"^aido drift check\.+Passed$", result.stdout, re.M)


def action() -> dict[str, Any]:
    """action.yml, parsed."""
    from ruamel.yaml import YAML

    loaded: dict[str, Any] = YAML(typ="safe").load((ROOT / "action.yml").read_text("utf-8"))
    return loaded


def step(name: str) -> dict[str, Any]:
    """The composite step called `name`."""
    return next(s for s in action()["runs"]["steps"] if s.get("name") == name)


def test_action_declares_its_inputs_outputs_and_cache() -> None:
    """The Action takes the documented inputs, exposes the check's outputs, caches pip."""
    spec = action()
    assert spec["runs"]["using"] == "composite"
    assert set(spec["inputs"]) == {
        "project",
        "adapters",
        "frozen",
        "fail-on-policy",
        "python-version",
        "aido-version",
        "tool-pins",
    }
    assert spec["inputs"]["fail-on-policy"]["default"] == "true"
    assert spec["inputs"]["tool-pins"]["default"] == "false"  # opt-in: it runs servers
    outs = ("drifted", "changes", "conflicts", "policy-violations", "baselines-behind", "plan-json")
    for name in outs:
        assert spec["outputs"][name]["value"] == f"${{{{ steps.check.outputs.{name} }}}}"
    cache = next(
        s for s in spec["runs"]["steps"] if str(s.get("uses", "")).startswith("actions/cache")
    )
    env = step("Install aido")["env"]
    assert cache["with"]["path"].splitlines() == [env["UV_CACHE_DIR"], env["PIP_CACHE_DIR"]]
    install = step("Install aido")["run"]
    assert (
        'spec="$AIDO_SRC"' in install and '"$bin/python" -m pip install --quiet "$spec"' in install
    )
    # uv first (issue 54: ~2 s instead of ~9), pip when uv cannot be set up or fails.
    uv = next(s for s in spec["runs"]["steps"] if str(s.get("uses", "")).startswith("astral-sh"))
    assert uv["continue-on-error"] is True
    assert install.index('uv pip install --quiet --python "$bin/python" "$spec"') < install.index(
        '"$bin/python" -m pip install'
    )
    assert 'bin="$RUNNER_TEMP/aido-venv/Scripts"' in install  # Windows runners
    assert os.access(SCRIPT, os.X_OK)


def github_env(tmp_path: Path, home: Path, workspace: Path, **inputs: str) -> dict[str, str]:
    """The variables GitHub sets for the check step, with its `env:` filled from the inputs."""
    values = {"project": ".", "adapters": "", "frozen": "false", "fail-on-policy": "true",
              "tool-pins": "false"}  # fmt: skip
    values.update(inputs)
    values["steps.install.outputs.aido"] = str(BIN / "aido")
    values["steps.install.outputs.python"] = sys.executable
    env = {}
    for key, value in step("Check for drift")["env"].items():
        expr = re.fullmatch(r"\$\{\{ (?:inputs\.)?(.+?) \}\}", value)
        assert expr, value
        env[key] = values[expr.group(1)]
    for name in ("summary.md", "output.txt"):
        (tmp_path / name).touch()
    return environ(
        home,
        **env,
        GITHUB_ACTIONS="true",
        CI="true",
        GITHUB_WORKSPACE=str(workspace),
        GITHUB_REPOSITORY="acme/shop",
        GITHUB_ACTION_PATH=str(ROOT),
        GITHUB_STEP_SUMMARY=str(tmp_path / "summary.md"),
        GITHUB_OUTPUT=str(tmp_path / "output.txt"),
        RUNNER_TEMP=str(tmp_path),
        RUNNER_OS="Linux",
    )


def run_step(env: dict[str, str], workspace: Path) -> subprocess.CompletedProcess[str]:
    """Run the check step's `run:` line the way the runner does: bash, in the workspace."""
    command = step("Check for drift")["run"]
    return subprocess.run(
        ["bash", "-e", "-c", command], cwd=workspace, env=env, capture_output=True, text=True
    )


def outputs(tmp_path: Path) -> dict[str, str]:
    lines = (tmp_path / "output.txt").read_text("utf-8").splitlines()
    return dict(line.split("=", 1) for line in lines)


def annotations(stdout: str) -> list[tuple[dict[str, str], str]]:
    """Each `::error k=v,...::message` line as (properties, message)."""
    found = []
    for props, message in re.findall(r"^::error ([^:]*)::(.*)$", stdout, re.M):
        found.append((dict(p.split("=", 1) for p in props.split(",")), message))
    return found


def test_step_fails_on_drift_with_outputs_annotations_and_summary(
    drifted: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """Drift: exit 2, outputs set, the plan in the summary, annotations on the files' lines."""
    env = github_env(tmp_path, sandbox_home, drifted.parent, project=drifted.name)
    result = run_step(env, drifted.parent)
    assert result.returncode == 2, result.stdout + result.stderr
    text = (tmp_path / "summary.md").read_text()
    assert text.startswith(f"### aido: MCP config drifted in acme/shop/{drifted.name}\n")
    assert f"Fix: run `aido apply --project {drifted.name}` and commit" in text
    assert "+ context7" in text and re.search(r"\*\*\d+\*\* to add", text)
    out = outputs(tmp_path)
    assert out["drifted"] == "true" and int(out["changes"]) > 0 and out["conflicts"] == "0"
    plan = json.loads(Path(out["plan-json"]).read_text("utf-8"))
    assert_valid("plan", plan)
    found = annotations(result.stdout)
    assert found and all(p["title"] == "aido drift" for p, _ in found)
    for props, message in found:
        assert (drifted.parent / props["file"]).is_file(), props  # relative to the workspace
        assert props["file"].startswith(f"{drifted.name}/") and "aido apply" in message


def test_job_summary_is_markdown_a_reviewer_reads(
    drifted: Path, sandbox_home: Path, tmp_path: Path, snapshot: SnapshotAssertion
) -> None:
    """The summary: counts, a table per file, the plan folded; no runner path, no trust advice."""
    result = run_step(github_env(tmp_path, sandbox_home, drifted), drifted)
    assert result.returncode == 2, result.stdout + result.stderr
    text = (tmp_path / "summary.md").read_text("utf-8")
    assert str(tmp_path) not in text and str(sandbox_home) not in text
    assert "trust" not in text  # granting trust is advice for a person's machine, not CI
    assert "| .mcp.json | claude-code | " in text and "<details><summary>" in text
    assert text.startswith("### aido: MCP config drifted in acme/shop\n")  # not `.`
    assert text == snapshot


def test_annotation_points_at_the_drifted_entry_line(
    converged: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """A hand edit to an entry aido wrote is annotated on that entry's line of the file."""
    opencode = converged / "opencode.json"
    text = opencode.read_text("utf-8")
    opencode.write_text(text.replace('"type": "', '"type": "x-', 1), "utf-8")
    result = run_step(github_env(tmp_path, sandbox_home, converged), converged)
    assert result.returncode == 2, result.stdout
    [(props, message)] = annotations(result.stdout)
    entry = message.split()[0]
    expected = next(n for n, line in enumerate(text.splitlines(), 1) if f'"{entry}"' in line)
    assert (props["file"], int(props["line"])) == ("opencode.json", expected)
    assert "drifted from what aido wrote" in message


def test_step_passes_when_converged(converged: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """A converged project passes, says so in the summary, and sets drifted=false."""
    result = run_step(github_env(tmp_path, sandbox_home, converged), converged)
    assert result.returncode == 0, result.stdout
    assert (tmp_path / "summary.md").read_text() == (
        "### aido: acme/shop is converged\n\n"
        "Every MCP config file matches aido.toml (4 files checked).\n"
    )
    assert outputs(tmp_path) | {"plan-json": ""} == {
        "drifted": "false",
        "changes": "0",
        "conflicts": "0",
        "policy-violations": "0",
        "baselines-behind": "0",
        "plan-json": "",
    }
    assert not annotations(result.stdout)


HAND_WRITTEN = '"mcpServers": {\n    "scraper": {"command": "npx", "args": ["-y", "@evil/scrape"]},'


@pytest.mark.parametrize(("fail", "expected"), [("true", 1), ("false", 0)])
def test_step_fails_on_an_entry_outside_policy(
    converged: Path, sandbox_home: Path, tmp_path: Path, fail: str, expected: int
) -> None:
    """A hand-written entry the policy denies: with fail-on-policy (the default) exit 1, an
    `aido policy` annotation on its line and the count as an output; with "false" it passes,
    and the job summary still names the server (issue 49 §4: it is drift, reported only)."""
    with (converged / "aido.toml").open("a", encoding="utf-8") as toml:
        toml.write('\n[policy]\ndeny = ["npm:@evil/*"]\n')
    mcp = converged / ".mcp.json"
    mcp.write_text(mcp.read_text("utf-8").replace('"mcpServers": {', HAND_WRITTEN, 1), "utf-8")
    env = github_env(tmp_path, sandbox_home, converged, **{"fail-on-policy": fail})
    result = run_step(env, converged)
    assert result.returncode == expected, result.stdout + result.stderr
    assert outputs(tmp_path)["policy-violations"] == "1"
    if expected:
        assert "outside policy" in result.stdout and "fail-on-policy" in result.stdout
        [(props, message)] = [
            (p, m) for p, m in annotations(result.stdout) if "policy" in p["title"]
        ]
        line = next(n for n, t in enumerate(mcp.read_text().splitlines(), 1) if "scraper" in t)
        assert (props["file"], props["line"]) == (".mcp.json", str(line))
        assert message.startswith(
            "scraper (claude-code) is outside policy: deny rule 'npm:@evil/*'"
        )
        assert "entries outside policy" in (tmp_path / "summary.md").read_text()
    else:
        assert "`scraper` in .mcp.json" in (tmp_path / "summary.md").read_text()


def test_step_measures_how_far_behind_its_baseline_a_project_is(
    converged: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """aido.toml extends a git+file:// baseline pinned at its first commit; a second lands
    upstream. On a runner with no copy of the pin, the step brings it (outdated --baseline),
    the plan passes, and the saved plan says the pin and that it is one commit behind."""
    base = tmp_path / "org" / "base"
    base.mkdir(parents=True)
    git(base, "init", "-q", "-b", "main")
    (base / "aido.toml").write_text('[policy]\ndeny = ["puppeteer"]\n')
    git(base, "add", "-A")
    git(base, "commit", "-q", "-m", "first")
    pinned = git(base, "rev-parse", "HEAD")
    text = (converged / "aido.toml").read_text("utf-8")
    source = f"git+file://{base}#main:aido.toml"
    (converged / "aido.toml").write_text(f'extends = ["{source}"]\n{text}', "utf-8")
    roots = {"AIDO_BASELINE_ROOTS": str(tmp_path / "org")}
    unset = {name: None for name in os.environ if name.startswith(("XDG_", "GITHUB_"))}
    home = {**unset, "HOME": str(sandbox_home), **roots}
    done = run_main(["upgrade", "--baseline"], cwd=converged, env=home)
    assert done.returncode == 0, done.stderr
    (base / "aido.toml").write_text('[policy]\ndeny = ["puppeteer", "memory"]\n')
    git(base, "commit", "-q", "-am", "second")
    shutil.rmtree(sandbox_home / ".local" / "state" / "aido" / "baselines")  # a fresh runner
    env = {**github_env(tmp_path, sandbox_home, converged), **roots}
    result = run_step(env, converged)
    assert result.returncode == 0, result.stdout + result.stderr
    out = outputs(tmp_path)
    assert out["baselines-behind"] == "1"
    plan = json.loads(Path(out["plan-json"]).read_text("utf-8"))
    assert_valid("plan", plan)
    [row] = plan["baselines"]
    assert (row["source"], row["commit"], row["behind"]) == (source, pinned, 1)
    assert row["latest"] == git(base, "rev-parse", "HEAD")


def test_step_reports_file_errors(drifted: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """An unparsable config file: exit 1, aido's message in the summary, annotated on it."""
    (drifted / ".mcp.json").write_text("{broken")
    result = run_step(github_env(tmp_path, sandbox_home, drifted), drifted)
    assert result.returncode == 1
    text = (tmp_path / "summary.md").read_text()
    assert "the check failed" in text and "not valid JSON" in text
    assert "- **Error** in .mcp.json: " in text and str(drifted) not in text
    assert "aido apply" not in text  # apply cannot fix a file aido never edits
    errors = [(p, m) for p, m in annotations(result.stdout) if p["title"] == "aido error"]
    assert [p["file"] for p, _ in errors] == [".mcp.json"]
    assert str(drifted) not in result.stdout.split("::error", 1)[1]
    assert outputs(tmp_path) | {"plan-json": ""} == {
        "drifted": "false",
        "changes": "",  # action.yml: empty when the check failed
        "conflicts": "",
        "policy-violations": "0",  # the plan document still says what it found
        "baselines-behind": "0",
        "plan-json": "",
    }


@pytest.mark.parametrize(
    ("toml", "line", "words"),
    [
        ("[mcp\n", 1, "is not valid TOML"),
        ('# team servers\n\n[mcp]\nadd = ["context7"\n', 4, "is not valid TOML"),
        ('suggest = true\n\n[mcp]\nadd = "context7"\n', 4, "invalid value for 'mcp.add'"),
        ('\nsuggest = "maybe"\n', 2, "invalid value for 'suggest'"),
    ],
)
def test_step_reports_config_errors(
    drifted: Path, sandbox_home: Path, tmp_path: Path, toml: str, line: int, words: str
) -> None:
    """An invalid aido.toml: exit 1, one annotation on its line, the same line as the message
    names, the path relative to the repository, empty counts."""
    (drifted / "aido.toml").write_text(toml)
    result = run_step(github_env(tmp_path, sandbox_home, drifted), drifted)
    assert result.returncode == 1
    [(props, message)] = annotations(result.stdout)
    assert props == {"file": "aido.toml", "line": str(line), "title": "aido error"}
    assert words in message and str(drifted) not in message
    assert f"line {line}" in message or f"aido.toml:{line}" in message
    out = outputs(tmp_path)
    assert (out["changes"], out["conflicts"]) == ("", "")
    text = (tmp_path / "summary.md").read_text("utf-8")
    assert text.startswith("### aido: the check failed in acme/shop\n")
    assert f"**Error** (aido.toml, line {line}): " in text and str(drifted) not in text


def test_step_passes_adapters_and_frozen(drifted: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """The adapters and frozen inputs reach `aido plan` as --adapter and --frozen."""
    log = tmp_path / "argv.txt"
    fake = tmp_path / "aido"
    fake.write_text(f'#!/usr/bin/env bash\necho "$*" >>"{log}"\nexit 0\n')
    fake.chmod(0o755)
    env = github_env(tmp_path, sandbox_home, drifted, adapters="codex vscode", frozen="true")
    env["AIDO_BIN"] = str(fake)
    assert run_step(env, drifted).returncode == 0
    first = log.read_text().splitlines()[0]
    assert first.startswith("plan --json --detailed-exitcode --scope project")
    assert "--adapter codex --adapter vscode --frozen" in first


def test_script_runs_outside_github(drifted: Path, sandbox_home: Path, tmp_path: Path) -> None:
    """Other CIs: no GITHUB_* variables, the plan is printed, the exit code tells."""
    env = environ(sandbox_home, AIDO_PROJECT=str(drifted), TMPDIR=str(tmp_path))
    result = subprocess.run(["bash", str(SCRIPT)], env=env, capture_output=True, text=True)
    assert result.returncode == 2
    assert re.search(r"Plan: \d+ to add", result.stdout)
    assert (tmp_path / "aido-plan.json").is_file()


def test_hook_and_script_with_frozen_check_the_lock(
    converged: Path, sandbox_home: Path, tmp_path: Path
) -> None:
    """`args: [--frozen]` / AIDO_FROZEN=true pass on a committed lock, fail when it would move."""
    assert (converged / "aido.lock").is_file()  # the first apply wrote it
    assert run_hook(converged, sandbox_home, "--frozen").returncode == 0
    env = environ(sandbox_home, AIDO_PROJECT=str(converged), TMPDIR=str(tmp_path))
    script = ["bash", str(SCRIPT)]
    assert (
        subprocess.run(script, env={**env, "AIDO_FROZEN": "true"}, capture_output=True).returncode
        == 0
    )
    (converged / "aido.lock").unlink()  # e.g. aido.toml changed but the lock was not committed
    before = snapshot(converged)
    result = run_hook(converged, sandbox_home, "--frozen")
    assert result.returncode == 1 and "aido.lock would change" in result.stderr
    frozen = subprocess.run(script, env={**env, "AIDO_FROZEN": "true"}, capture_output=True)
    assert frozen.returncode == 1
    assert snapshot(converged) == before
