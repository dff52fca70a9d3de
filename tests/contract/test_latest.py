"""`make contract-latest`'s installer (tests/contract/latest.py), with npm played by a fake."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from tests.contract import latest
from tests.contract.latest import main

KILO_FAILS = """npm error command sh -c node ./postinstall.mjs
npm error npm error code ETARGET
npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.
npm error Failed to setup kilo binary: It seems your package manager failed to install
"""


class FakeNpm:
    """Releases per package, and which `name@version` fail to install with what output."""

    def __init__(self, releases: dict[str, list[str]], fails: dict[str, str]) -> None:
        self.releases, self.fails = releases, fails
        self.installs: list[str] = []

    def __call__(self, argv: Sequence[str]) -> tuple[int, str]:
        if argv[0] == "view":
            versions = self.releases[argv[1]]
            return 0, json.dumps({"dist-tags.latest": versions[-1], "versions": versions})
        self.installs.append(argv[-1])
        failed = self.fails.get(argv[-1])
        return (1, failed) if failed is not None else (0, "added 1 package")


def test_a_newest_release_without_a_package_for_this_machine_is_named_and_the_one_below_tried(
    tmp_path: Path,
) -> None:
    releases = {"@kilocode/cli": ["7.0.33", "7.7.2", "7.7.7", "7.8.1"], "cline": ["3.0.65"]}
    fake = FakeNpm(releases, {"@kilocode/cli@7.8.1": KILO_FAILS})
    assert main([str(tmp_path), "@kilocode/cli@7.7.2", "cline@3.0.65"], run=fake) == 0
    assert fake.installs == ["@kilocode/cli@7.8.1", "@kilocode/cli@7.7.7", "cline@3.0.65"]
    kilo, cline = (tmp_path / "versions.txt").read_text().splitlines()
    assert kilo.split()[:5] == ["@kilocode/cli", "newest", "7.8.1", "pinned", "7.7.2"]
    assert kilo.endswith(
        "(7.8.1 has no package for linux-x64 on npm "
        "(npm has no @kilocode/cli-linux-x64@7.8.1); tried 7.7.7)"
    )
    assert cline.split() == ["cline", "newest", "3.0.65", "pinned", "3.0.65"]


def test_a_package_that_installs_in_no_version_fails_after_trying_down_to_the_pin(
    tmp_path: Path,
) -> None:
    releases = {"x": ["1.0.0", "1.1.0", "2.0.0-rc.1", "1.2.0"]}
    fails = {f"x@{v}": "npm error 404 Not Found - GET https://r/x - gone" for v in releases["x"]}
    fake = FakeNpm(releases, fails)
    assert main([str(tmp_path), "x@1.1.0"], run=fake) == 1
    assert fake.installs == ["x@1.2.0", "x@1.1.0"]  # no pre-release, nothing below the pin
    (line,) = (tmp_path / "versions.txt").read_text().splitlines()
    assert line.endswith("(1.2.0 did not install (npm: gone); installed in no version)")


def test_an_install_without_this_machines_platform_package_counts_as_failed(
    tmp_path: Path,
) -> None:
    """npm skips a missing optional platform package and exits 0 (Amp's newest): the
    installer sees the stub, names the package npm lacks, and tries the release below."""
    name, newest, older = "@ampcode/cli", "0.0.1790712063-gb89205", "0.0.1790142911-g7618fb"
    machine = f"{name}-{latest._OS}-{latest._CPU}"

    class Stub(FakeNpm):
        def __call__(self, argv: Sequence[str]) -> tuple[int, str]:
            code, out = super().__call__(argv)
            if argv[0] == "install":
                version = argv[-1].rsplit("@", 1)[1]
                package = tmp_path / "node_modules" / name
                package.mkdir(parents=True, exist_ok=True)
                optional = {machine: version, f"{name}-win32-x64": version}
                (package / "package.json").write_text(
                    json.dumps({"optionalDependencies": optional})
                )
                (tmp_path / "node_modules" / machine).mkdir(exist_ok=True)
                if version == newest:
                    (tmp_path / "node_modules" / machine).rmdir()
            return code, out

    fake = Stub({name: [older, newest]}, {})
    assert main([str(tmp_path), f"{name}@{older}"], run=fake) == 0
    assert fake.installs == [f"{name}@{newest}", f"{name}@{older}"]
    (line,) = (tmp_path / "versions.txt").read_text().splitlines()
    assert line.endswith(
        f"({newest} has no package for {latest._OS}-{latest._CPU} on npm "
        f"(npm has no {machine}@{newest}); tried {older})"
    )


def test_a_platform_package_pinned_on_its_own_is_not_missing(tmp_path: Path) -> None:
    """Droid's binary package is a pin of its own (the registry lacks the matching one):
    the main package installing without it is no failure."""
    name, machine = "@factory/cli", f"@factory/cli-{latest._OS}-{latest._CPU}"

    class Alone(FakeNpm):
        def __call__(self, argv: Sequence[str]) -> tuple[int, str]:
            if argv[0] == "install" and argv[-1].startswith(f"{name}@"):
                package = tmp_path / "node_modules" / name
                package.mkdir(parents=True, exist_ok=True)
                optional = {machine: "0.225.1"}
                (package / "package.json").write_text(
                    json.dumps({"optionalDependencies": optional})
                )
            return super().__call__(argv)

    fake = Alone({name: ["0.225.1"], machine: ["0.225.2"]}, {})
    assert main([str(tmp_path), f"{name}@0.225.1", f"{machine}@0.225.2"], run=fake) == 0
    assert fake.installs == [f"{name}@0.225.1", f"{machine}@0.225.2"]
