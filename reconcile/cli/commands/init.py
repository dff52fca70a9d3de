"""`aido init`: detect harnesses and stack, ask (on a terminal), write `aido.toml`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from aidokit.adapters.base import Host, Scope
from aidokit.reconcile.cli.console import say
from aidokit.reconcile.cli.plan_apply import project_dir
from aidokit.reconcile.core.errors import AidoError, ConfigError

if TYPE_CHECKING:
    from aidokit.reconcile.read.survey import Survey


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add `init`'s own options."""
    parser.add_argument(
        "--yes",
        "-y",
        action="store_true",
        help="write the detected defaults (or the --adapter choices) without asking",
    )


def run(args: argparse.Namespace) -> int:
    """Run `aido init`."""
    from aidokit.adapters import ADAPTERS
    from aidokit.catalog.spelling import maybe
    from aidokit.reconcile.read.choices.config import CONFIG_NAME
    from aidokit.reconcile.read.survey import small_set, survey
    from aidokit.reconcile.show.init_template import render_config

    scope = Scope(args.scope)
    if scope is Scope.LOCAL:
        raise ConfigError(
            "aido init --scope local has no file of its own to write: local scope reads the "
            "project's aido.toml and aido.local.toml; run aido init in the project"
        )
    project = project_dir(args)
    target = project / CONFIG_NAME
    if scope is Scope.USER:  # the user layer (issue 38 §10): ~/.config/aido/aido.toml
        from aidokit.reconcile.read.choices.layers import user_config_path

        target = user_config_path(Host.current(project))
    else:
        from aidokit.reconcile.read.world import refuse_home

        refuse_home(Host.current(project), "aido init --scope user starts your user layer")
    if target.exists():
        raise ConfigError(
            f"{target} already exists and aido init never overwrites it (merging is not "
            "supported); edit it by hand, or move it away and run aido init again"
        )
    for name in args.adapters or ():
        if name not in ADAPTERS:
            known = ", ".join(sorted(ADAPTERS))
            hint = maybe(name, ADAPTERS)
            raise ConfigError(f"unknown adapter '{name}'{hint}; known adapters: {known}")
    found = survey(project, scope)
    adapters: Sequence[str] = args.adapters or found.detected
    keep: Sequence[str] = small_set(found)
    add: Sequence[str] = ()
    roles = False  # guessed roles stay comments unless the user says yes to them
    if not args.yes:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise AidoError(
                "aido init asks questions but this is not a terminal; "
                "pass --yes (and --adapter NAME) to write the detected defaults"
            )
        from aidokit.reconcile.cli.init_prompt import ask, ask_roles

        adapters, keep, add = ask(found, adapters, keep)
        roles = ask_roles(found)
    text = render_config(found, adapters=adapters, add=add, keep=keep, roles=roles)
    if scope is Scope.USER:
        target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("x", encoding="utf-8") as out:  # "x": never clobber a racing writer
        out.write(text)
    say(f"Wrote {target}:")
    for line in chosen(found, adapters, [*keep, *add], picked=bool(args.adapters)):
        say(f"  {line}")
    if scope is Scope.PROJECT and _ignore_local(target.parent):
        say("Added aido.local.toml (your own changes, never committed) to .gitignore.")
    if not adapters:
        say("No harness was detected; aido will target the ones it detects on each run.")
    say(_next_steps(project, scope))
    return 0


def _next_steps(project: Path, scope: Scope) -> str:
    """The hand-written servers in the harness files the new `aido.toml` targets (name,
    file), and the next command: `aido import` when there are any (issue 38 §1)."""
    from aidokit.reconcile.read.world import gather, read_world
    from aidokit.reconcile.write.importer import find

    flag = " --scope user" if scope is Scope.USER else ""
    plain = f"Next: aido plan{flag}, then aido apply{flag}."
    try:
        world = read_world(gather(project, scope=scope.value, only=None))
    except AidoError:  # plan says it in full; the file is written either way
        return plain
    broken = [target for target in world.files if target.error]
    found = find(world)
    if not found and not broken:
        return plain
    lines = []
    if found:
        width = max(len(item.name) for item in found)
        many = "s" if len(found) != 1 else ""
        lines.append(
            f"Found {len(found)} server{many} written by hand; aido leaves them alone "
            "until you import them:"
        )
        lines += [f"  {item.name.ljust(width)}  {item.file.shown}" for item in found]
    for target in broken:
        lines.append(f"aido cannot read {target.shown} yet: {target.error}")
    fix = f"fix {', '.join(t.shown for t in broken)}, then " if broken else ""
    lines.append(
        f"Next: {fix}aido import{flag} (it shows what it takes over and asks), "
        f"then aido plan{flag} and aido apply{flag}."
    )
    return "\n".join(lines)


def chosen(
    found: Survey, adapters: Sequence[str], servers: Sequence[str], *, picked: bool
) -> list[str]:
    """What the file chose, in two lines: the harnesses (and why) and the servers."""
    why = dict(found.harnesses)
    if adapters:
        names = [
            f"{name} ({why[name]})" if why.get(name) and not picked else name for name in adapters
        ]
        harnesses = "harnesses: " + ", ".join(names)
    else:
        harnesses = "harnesses: none named (aido targets the ones it detects on each run)"
    total = len(found.suggested)
    kept = sum(item.id in servers for item in found.suggested)
    listed = ", ".join(servers) or "none"
    rest = "; the others are listed as comments" if kept < total else ""
    return [harnesses, f"servers: {listed} ({kept} of {total} suggestions{rest})"]


LOCAL_LINE = "aido.local.toml"


def _ignore_local(project: Path) -> bool:
    """Append `aido.local.toml` to the project's `.gitignore` (SPEC 4: the local layer is
    git-ignored) when the project is a git checkout or has one; the bytes already there
    stay, and a file that already ignores it is left alone. True when it was added."""
    from aidokit.reconcile.core.atomic import current_digest, replace_file
    from aidokit.reconcile.read import repo

    path = project / ".gitignore"
    if not path.exists() and not (project / ".git").exists():
        return False
    raw = path.read_bytes() if path.is_file() and not path.is_symlink() else b""
    if path.exists() and (path.is_symlink() or not path.is_file()):
        return False  # never write through a link or over a non-file
    text = repo.read_small(path) if raw else ""
    lines = {line.strip().lstrip("/") for line in (text or "").splitlines()}
    if LOCAL_LINE in lines or "aido.*.toml" in lines or text is None:
        return False
    newline = b"\r\n" if b"\r\n" in raw else b"\n"
    joint = b"" if not raw or raw.endswith(b"\n") else newline
    data = raw + joint + LOCAL_LINE.encode() + newline
    replace_file(path, data, current_digest(path), create_parents=False)
    return True
