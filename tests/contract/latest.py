"""Install the newest release of each pinned harness CLI for `make contract-latest`.

`python -m tests.contract.latest DIR PKG@PIN...` installs `PKG@latest` into DIR, one
package at a time, so one that cannot install here does not stop the others. A newest
release that does not install (e.g. a native CLI whose platform package for this machine
is missing from npm: `@kilocode/cli` 7.8.1 names a `@kilocode/cli-linux-x64@7.8.1` the
registry does not have) is reported with npm's reason, and the releases below it, down
to the pin, are tried instead. One line per package goes to stdout and DIR/versions.txt:
`NAME newest V pinned P`, then what was tried when the newest did not install. Exits 1
when a package installed in no version.
"""

from __future__ import annotations

import json
import platform
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# How many releases below a newest one that does not install are tried, newest first.
FALLBACKS = 3
# npm's word for a package version it does not have (ETARGET), and for a missing package.
_MISSING = re.compile(r"No matching version found for (\S+?)\.?$|404 Not Found - GET \S+ - (.+)$")
# A release, not a pre-release: `1.2.3`, or Amp's `0.0.1790142911-g7618fb` (a build id).
_STABLE = re.compile(r"^\d+(\.\d+)*(-g[0-9a-f]+)?$")
# This machine in npm's platform-package names (`@ampcode/cli-linux-x64`).
_OS = {"linux": "linux", "darwin": "darwin", "win32": "win32"}.get(sys.platform, sys.platform)
_CPU = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64"}.get(
    platform.machine().lower(), platform.machine().lower()
)

# argv -> (exit code, output)
Run = Callable[[Sequence[str]], tuple[int, str]]


@dataclass(frozen=True)
class Tried:
    """What became of one package: the newest release, the one installed (None: none), why."""

    name: str
    pin: str
    newest: str
    installed: str | None
    why: str = ""

    def line(self) -> str:
        """`NAME newest V pinned P`, and what was tried when the newest did not install."""
        text = f"{self.name:<28} newest {self.newest:<10} pinned {self.pin}"
        if self.installed == self.newest:
            return text
        tried = f"tried {self.installed}" if self.installed else "installed in no version"
        return f"{text}  ({self.newest} {self.why}; {tried})"


def npm(argv: Sequence[str]) -> tuple[int, str]:
    """Run npm, returning its exit code and everything it printed."""
    proc = subprocess.run(["npm", *argv], capture_output=True, text=True, check=False)
    return proc.returncode, proc.stdout + proc.stderr


def reason(output: str) -> str:
    """Why npm could not install, in a few words (the first version or package it lacks)."""
    for line in output.splitlines():
        found = _MISSING.search(line.strip())
        if found and found[1]:
            platform = re.search(r"-(linux|darwin|win32|windows)-[a-z0-9-]+@", found[1])
            where = f" for {platform[0][1:-1]}" if platform else ""
            return f"has no package{where} on npm (npm has no {found[1]})"
        if found:
            return f"did not install (npm: {found[2]})"
    last = [line for line in output.splitlines() if line.strip()][-1:] or ["no output"]
    return f"did not install ({last[0].strip()})"


def install(
    folder: Path, name: str, pin: str, run: Run = npm, pinned: frozenset[str] = frozenset()
) -> Tried:
    """Install `name`'s newest release into `folder`, else the nearest older one that installs.
    A platform package that is itself among the `pinned` names is installed on its own."""
    code, out = run(["view", name, "dist-tags.latest", "versions", "--json"])
    if code != 0:
        return Tried(name, pin, "?", None, f"could not be looked up ({out.strip()[:200]})")
    meta = json.loads(out)
    newest, versions = meta["dist-tags.latest"], meta["versions"]
    versions = [versions] if isinstance(versions, str) else versions
    args = ["install", "--prefix", str(folder), "--no-audit", "--no-fund", "--loglevel=error"]
    code, out = run([*args, f"{name}@{newest}"])
    why = reason(out) if code != 0 else _platform_missing(folder, name, pinned)
    if not why:
        return Tried(name, pin, newest, newest)
    older = [v for v in versions if _STABLE.match(v) and _key(pin) <= _key(v) < _key(newest)]
    for version in sorted(older, key=_key, reverse=True)[:FALLBACKS]:
        installed = run([*args, f"{name}@{version}"])[0] == 0
        if installed and not _platform_missing(folder, name, pinned):
            return Tried(name, pin, newest, version, why)
    return Tried(name, pin, newest, None, why)


def _platform_missing(folder: Path, name: str, pinned: frozenset[str] = frozenset()) -> str:
    """Why an install that npm called a success has no program: the package names optional
    platform packages and the one for this machine is not there (npm skips an optional
    dependency it cannot find, and Amp's `amp` is then a stub that says so). "" if fine."""
    try:
        meta = json.loads((folder / "node_modules" / name / "package.json").read_text())
    except (OSError, ValueError):
        return ""
    optional = meta.get("optionalDependencies") or {}
    mine = [dep for dep in optional if dep.endswith(f"-{_OS}-{_CPU}") and dep not in pinned]
    missing = [dep for dep in mine if not (folder / "node_modules" / dep).is_dir()]
    if not mine or len(missing) < len(mine):
        return ""
    dep = missing[0]
    return f"has no package for {_OS}-{_CPU} on npm (npm has no {dep}@{optional[dep]})"


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", version.split("-")[0]))


def main(argv: Sequence[str], run: Run = npm) -> int:
    """Install every `PKG@PIN` of `argv[1:]` into `argv[0]`; print and save the versions."""
    folder, pins = Path(argv[0]), argv[1:]
    folder.mkdir(parents=True, exist_ok=True)
    names = frozenset(pin.rsplit("@", 1)[0] for pin in pins)
    results = [install(folder, *pin.rsplit("@", 1), run=run, pinned=names) for pin in pins]
    lines = [result.line() for result in results]
    (folder / "versions.txt").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    print("\n".join(lines))
    return 0 if all(result.installed for result in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
