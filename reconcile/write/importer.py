"""`aido import`: turn hand-written servers into config choices and adopt them (issue 16).

An entry aido does not own becomes a catalog id when it runs what a catalog
entry runs for that harness (the same URL, or the same command and package,
versions aside), else a `[custom.<name>]` table (security-sensitive: import asks for its typed
confirmation, `cli/commands/imports.py`). The world is
then re-derived as if those choices and ownership records existed, so one
plan shows what adopting them changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from aidokit.adapters import ADAPTERS, spec_for
from aidokit.adapters.base import Adapter, Scope
from aidokit.adapters.common import identity_of
from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import PLACEHOLDER_RE, MCPDef, RemoteSpec, StdioSpec
from aidokit.reconcile.checks import hardening
from aidokit.reconcile.checks.credentials import scrub
from aidokit.reconcile.checks.credentials import variable as credentials_variable
from aidokit.reconcile.core.errors import CatalogError
from aidokit.reconcile.core.lock import lock_file
from aidokit.reconcile.read.choices.config import CustomMCP, Override, ProjectConfig
from aidokit.reconcile.read.choices.custom import custom_server
from aidokit.reconcile.read.desired import wanted_servers
from aidokit.reconcile.read.ownership import Record, entry_digest, load_state, save_state
from aidokit.reconcile.read.recognise import (
    entry_argv,
    entry_url,
    first_plain,
    form_key,
    recognise,
    run_forms,
    spec_form,
    spec_forms,
)
from aidokit.reconcile.read.world import TargetFile, World
from aidokit.reconcile.write.carry import UNCARRIED, carried, neutral
from aidokit.reconcile.write.journal import FileEntry
from aidokit.reconcile.write.ownfiles import records_entry


@dataclass(frozen=True)
class Found:
    """One hand-written entry and what importing it means."""

    file: TargetFile
    name: str
    entry: Mapping[str, Any]
    catalog_id: str | None = None
    custom: CustomMCP | None = None
    problem: str | None = None  # why it is left alone
    references: tuple[str, ...] = ()  # variables that now stand for credentials it held
    override: Override | None = None  # what a catalog server's entry adds to the catalog's
    replaced: bool = False  # the catalog runs it in another form here (npx -> its URL)
    # Why each harness that cannot launch it as written does not get it (issue 50 §1).
    cannot: tuple[str, ...] = ()
    # What differs from the catalog's server and what import keeps (issue 50 §4).
    differs: tuple[str, ...] = ()

    def record(self) -> Record:
        """The ownership record adopting it as it stands. When the catalog runs it in
        another form here, aido owns the keys that say what runs, so the plan replaces
        the old form instead of keeping `command` beside the new `url`."""
        adapter = self.file.adapter
        fields = None
        if self.replaced:
            fields = tuple(sorted(k for k in self.entry if k in RUN_KEYS))
        return Record(
            adapter=adapter.name,
            path=self.file.record_path,
            name=self.name,
            id=self.catalog_id or self.name,
            digest=entry_digest(dict(self.entry), fields),
            fields=fields,
            identity=identity_of(adapter, self.entry),
            source="imported",
        )


# The keys of a hand-written entry that say what runs and how (every harness's spelling).
RUN_KEYS = frozenset(
    {"command", "args", "url", "serverUrl", "httpUrl", "type", "transport", "env",
     "environment", "headers", "cwd"}
)  # fmt: skip


# How a hand-written value names the home folder without spelling it out.
_HOME_WORDS = ("~/", "$HOME/", "${HOME}/", "${userHome}/", "${env:HOME}/", "%USERPROFILE%\\")


def personal(item: Found, home: str) -> str | None:
    """Why `item` is one person's server, not the team's (issue 38 §4), or None: its
    command, an argument, its cwd or an env value is a path under the home folder, or it
    was found in a file of one person only (a harness's local scope)."""
    if item.file.location.scope is Scope.LOCAL:
        return f"found in {item.file.shown}, your own file for this project"
    entry = item.entry
    values: list[object] = [entry.get("command"), entry.get("cwd")]
    for key in ("args", "command"):
        if isinstance(entry.get(key), list):
            values += entry[key]
    for key in ("env", "environment"):
        if isinstance(entry.get(key), Mapping):
            values += entry[key].values()
    roots = (home.rstrip("/\\") + "/", home.rstrip("/\\") + "\\")
    for value in values:
        if not isinstance(value, str):
            continue
        for word in value.split("="):  # `--config=/home/me/x`
            if word.startswith(roots) or word.startswith(_HOME_WORDS) or word in ("~", home):
                shown = "~" + word[len(home.rstrip("/\\")) :] if word.startswith(roots) else word
                return f"it runs {excerpt(shown)}, under your home folder"
    return None


def find(world: World, only: str | None = None) -> list[Found]:
    """Every entry of the targeted files that aido does not own, classified."""
    found = []
    by_id = {entry.id: entry for entry in world.catalog}
    for target in world.files:
        if target.document is None or (only and target.adapter.name != only):
            continue
        if target.agent is not None:  # an agent's own servers are the user's scoping
            continue
        owned = {r.name: r for r in target.records if not r.map_path}
        for name, entry in sorted(target.servers().items()):
            record = owned.get(name)
            if record is not None and identity_of(target.adapter, entry) == record.identity:
                continue
            found.append(classify(target, name, entry, by_id))
    return [carry(item, targeted(world)) for item in found]


def targeted(world: World) -> tuple[Adapter, ...]:
    """Every harness the plan writes at this scope, `--adapter` or not: the ones an
    imported server must launch the same in (`aido plan` after `import --adapter A`)."""
    inputs = world.inputs
    names = [*(inputs.loaded.config.adapters or ()), *(a.name for a in inputs.adapters)]
    return tuple(
        ADAPTERS[name]
        for name in dict.fromkeys(names)
        if name in ADAPTERS and ADAPTERS[name].location(inputs.scope, inputs.host) is not None
    )


def carry(item: Found, targets: tuple[Adapter, ...]) -> Found:
    """`item` written only to the harnesses that launch it as its own harness does (issue
    50 §1): the others are named with the value they cannot express; when even its own
    harness could not, it is left alone."""
    if item.custom is None or not targets:
        return item
    source = item.file.adapter
    literals = _literals(neutral(item.entry, source), item.custom, item.references)
    server = custom_server(item.name, item.custom)
    verdict = carried(source, item.entry, server, {source, *targets}, literals)
    if verdict.get(source.name):
        return replace(
            item,
            custom=None,
            problem=f"aido cannot write it back to {item.file.shown} as written: "
            f"{verdict[source.name]}",
        )
    ok = tuple(sorted(a.name for a in targets if verdict.get(a.name) is None))
    if len(ok) == len(targets):
        return item
    lines = tuple(
        f"{why}: {item.name} is not written to {name}"
        for name, why in sorted(verdict.items())
        if why and name != source.name
    )
    return replace(item, custom=replace(item.custom, adapters=ok), cannot=lines)


def _literals(
    entry: Mapping[str, Any], scrubbed: CustomMCP, names: tuple[str, ...]
) -> dict[str, str]:
    """The values the import replaced by the variables in `names`, read back by lining
    up each scrubbed string with the one it came from in `entry`."""
    out: dict[str, str] = {}
    argv = entry_argv(entry)
    env = _strings(entry, "env") or _strings(entry, "environment")
    headers = _strings(entry, "headers")
    pairs = [
        (entry_url(entry) or "", scrubbed.url or ""),
        *zip(argv[1] if argv else [], scrubbed.args, strict=False),
        *((env.get(k, ""), v) for k, v in scrubbed.env.items()),
        *((headers.get(k, ""), v) for k, v in scrubbed.headers.items()),
    ]
    marker = re.compile(r"\$\{(" + "|".join(map(re.escape, names)) + r")\}") if names else None
    for before, after in pairs:
        if marker is None or before == after:
            continue
        parts, groups, last = [], [], 0
        for match in marker.finditer(after):
            parts.append(re.escape(after[last : match.start()]))
            parts.append("(.*?)" if match.end() < len(after) else "(.*)")
            groups.append(match.group(1))
            last = match.end()
        parts.append(re.escape(after[last:]))
        found = re.fullmatch("".join(parts), before, re.S)
        if found:
            out.update(zip(groups, found.groups(), strict=True))
    return out


def classify(target: TargetFile, name: str, entry: object, catalog: Mapping[str, MCPDef]) -> Found:
    """What importing the hand-written `entry` named `name` in `target` means: the catalog
    entry whose server it runs (recognise.py: whatever its name or launch form, sensitive
    and deprecated ones too), else a `[custom.<name>]`, else why it is left alone."""
    if not isinstance(entry, Mapping):
        return Found(target, name, {}, problem="not an object")
    server = recognise(entry, catalog.values())
    if server is not None and server.id != name and server.id in target.servers():
        return Found(
            target, name, entry,
            problem=f"runs catalog entry '{server.id}', which {target.shown} has under that "
            "name too",
        )  # fmt: skip
    if server is not None:
        override = _with_names(
            _override(target.adapter, entry, server), _own_names(target.adapter, entry, server)
        )
        replaced = server.id != name or _replaced(target.adapter, entry, server)
        return Found(
            target, name, entry, catalog_id=server.id, override=override, replaced=replaced,
            differs=differences(target.adapter, entry, server, override),
        )  # fmt: skip
    problem = hardening.id_problem(name)
    if problem:
        return Found(target, name, entry, problem=f"{problem}; rename the entry to import it")
    if name in catalog:
        return Found(target, name, entry, problem=runs_else(name, entry, catalog[name]))
    try:
        custom, names = scrubbed_custom(neutral(entry, target.adapter), name)
        return Found(target, name, entry, custom=custom, references=names)
    except ValueError as exc:
        return Found(target, name, entry, problem=str(exc).removeprefix("Value error, "))


def differences(
    adapter: Adapter, entry: Mapping[str, Any], server: MCPDef, override: Override | None
) -> tuple[str, ...]:
    """What the catalog's server as this harness gets it differs in from the entry, and
    what import keeps: the launch form, the version, the person's arguments, env values
    and variable names (issue 50 §4: never "runs something else" when it does not)."""
    spec = spec_for(server, adapter)
    if spec is None:
        return ()
    lines: list[str] = []
    mine, theirs = run_forms(entry), spec_forms(spec)
    if mine and theirs and not mine & theirs:
        lines.append(
            f"it ran {_shown_form(sorted(mine)[0])}; {adapter.name} gets the catalog's form, "
            f"{_shown_form(sorted(theirs)[0])}"
        )
    elif isinstance(spec, RemoteSpec) and (url := entry_url(entry)) is not None:
        base = url.split("#", 1)[0].split("?", 1)[0]
        if "?" in url:  # never shown: a query may hold a credential
            lines.append(
                f"its URL's query is not kept: {adapter.name} gets the catalog's "
                f"{excerpt(spec.url)}"
            )
        elif base.rstrip("/") != spec.url.rstrip("/"):
            lines.append(
                f"it reached {excerpt(base)}; {adapter.name} gets the catalog's {excerpt(spec.url)}"
            )
    elif isinstance(spec, StdioSpec):
        argv = entry_argv(entry)
        package = next((a for a in spec.args if not a.startswith("-")), None)
        ours = first_plain(list(argv[1])) if argv else None
        if package and ours and ours != package:
            lines.append(f"it ran {excerpt(ours)}; the catalog pins {excerpt(package)}")
    if override is not None and override.args:
        lines.append(f"kept: its arguments {excerpt(' '.join(override.args))}")
    if override is not None and override.env:
        lines.append(f"kept: its env {', '.join(sorted(override.env))}")
    if override is not None and override.variables:
        pairs = ", ".join(f"{v} for {k}" for k, v in sorted(override.variables.items()))
        lines.append(f"kept: your variable names ({pairs})")
    return tuple(lines)


def runs_else(name: str, entry: Mapping[str, Any], server: MCPDef) -> str:
    """Why an entry named like catalog entry `server` is not it, in the person's words:
    what it runs and what the catalog's runs (issue 50 §4)."""
    mine = sorted(run_forms(entry))
    theirs = sorted(spec_forms(next(iter(server.install.values()))))
    argv = entry_argv(entry)
    what = "nothing aido can read"
    if mine:
        what = _shown_form(mine[0])
    elif argv:
        what = excerpt(" ".join([argv[0], *argv[1]][:3]))
    ours = _shown_form(theirs[0]) if theirs else server.id
    return (
        f"it runs {what}, not catalog {server.id} ({ours}); rename the entry to import it "
        "as your own server"
    )


def _shown_form(form: str) -> str:
    kind, _, rest = form.partition(" ")
    return {"npm": "npm package ", "pypi": "PyPI package ", "image": "the image ",
            "git": "the source at ", "url": ""}.get(kind, "") + excerpt(rest)  # fmt: skip


def _with_names(override: Override | None, names: dict[str, str]) -> Override | None:
    if not names:
        return override
    return replace(override or Override(), variables=names)


def _own_names(adapter: Adapter, entry: Mapping[str, Any], server: MCPDef) -> dict[str, str]:
    """The person's own names for the variables the catalog entry reads, where the same
    header or env key of their entry reads another one (`Bearer ${GH_PAT}` for the
    catalog's `Bearer ${GITHUB_PERSONAL_ACCESS_TOKEN}`): kept by `[override.<id>]
    variables`, never renamed to the catalog's (issue 50 §1)."""
    spec = spec_for(server, adapter) or next(iter(server.install.values()))
    mine = neutral(entry, adapter)
    if isinstance(spec, StdioSpec):
        pairs = [(v, str(mine.get("env", {}).get(k, ""))) for k, v in spec.env.items()]
        # A catalog argument that is a reference (`${POSTGRES_URL}`) and the person's
        # argument that is one too, in the same place among the references.
        catalog_refs = [a for a in spec.args if PLACEHOLDER_RE.search(a)]
        own_refs = [str(a) for a in mine.get("args", []) if PLACEHOLDER_RE.search(str(a))]
        if len(catalog_refs) == len(own_refs):
            pairs += list(zip(catalog_refs, own_refs, strict=True))
    else:
        headers = {str(k).lower(): str(v) for k, v in (mine.get("headers") or {}).items()}
        pairs = [(v, headers.get(k.lower(), "")) for k, v in spec.headers.items()]
    names: dict[str, str] = {}
    for theirs, ours in pairs:
        slots = PLACEHOLDER_RE.findall(theirs)
        if not slots or not ours:
            continue
        pattern = "".join(
            f"(?P<v{i}>.*)" if i % 2 else re.escape(part)
            for i, part in enumerate(PLACEHOLDER_RE.split(theirs))
        )
        found = re.fullmatch(pattern, ours)
        if not found:
            continue
        for index, value in enumerate(found.groups()):
            own = PLACEHOLDER_RE.fullmatch(value)
            catalog_name = slots[index]
            if own and own.group(1) != catalog_name:
                names[catalog_name] = own.group(1)
    return names


def _replaced(adapter: Adapter, entry: Mapping[str, Any], server: MCPDef | None) -> bool:
    """Whether the catalog renders `server` for this harness in another form than `entry`
    (a URL where the user runs npx): then the import replaces the entry's form."""
    spec = spec_for(server, adapter) if server is not None else None
    if server is None or spec is None:
        return False
    try:
        rendered = adapter.build(server, spec).entry
    except CatalogError:
        return False
    return form_key(rendered) != form_key(entry)


def _override(adapter: Adapter, entry: Mapping[str, Any], server: MCPDef | None) -> Override | None:
    """`[override.<id>]` for what a hand-written entry adds to the catalog's stdio form for
    this harness when both run the same package: extra arguments and plain env values (a
    credential, or a variable the catalog marks secret, is never copied)."""
    spec = spec_for(server, adapter) if server is not None else None
    if server is None or not isinstance(spec, StdioSpec) or form_key(entry) != spec_form(spec):
        return None
    try:
        mine = custom_of(entry)
    except ValueError:
        return None
    if mine.command is None:
        return None
    package = first_plain(list(mine.args))  # the user's package spec, its version aside
    known = {*spec.args, package, "-y", "--yes"}
    extra = tuple(a for a in mine.args if a not in known)
    secret = server.secret_names()
    env = {
        k: v for k, v in mine.env.items()
        if spec.env.get(k) != v and k not in secret and hardening.env_problem(k, v) is None
        and not PLACEHOLDER_RE.search(v)
    }  # fmt: skip
    extra = tuple(
        a for a in extra if hardening.arg_problem(0, a) is None and not PLACEHOLDER_RE.search(a)
    )
    return Override(args=extra, env=env) if extra or env else None


def scrubbed_custom(entry: Mapping[str, Any], name: str) -> tuple[CustomMCP, tuple[str, ...]]:
    """The `[custom.*]` table for `entry` with every credential in its values (a URL's
    userinfo, a secret query or DSN key, a token, a secret-named variable's literal)
    replaced by a `${NAME}` reference (SPEC §7), and the names of those variables."""
    taken: set[str] = set()

    def clean(text: str, key: str | None = None) -> str:
        literal = UNCARRIED.sub("", PLACEHOLDER_RE.sub("", text))
        if key and text and literal == text and hardening.SECRET_NAME_RE.search(key):
            taken.add(key)  # `API_KEY = "..."`: the whole value is the secret
            return "${" + key + "}"
        return scrub(text, name, taken)[0]

    def header(key: str, text: str) -> str:
        literal = UNCARRIED.sub("", PLACEHOLDER_RE.sub("", text))
        if key.lower() not in hardening.CREDENTIAL_HEADERS or literal != text or not text:
            return clean(text, None)
        scheme, space, _ = text.partition(" ")
        variable = credentials_variable(name, key)
        taken.add(variable)
        return f"{scheme} ${{{variable}}}" if space else "${" + variable + "}"

    return custom_of(entry, clean=clean, header=header), tuple(sorted(taken))


def _same(text: str, key: str | None = None) -> str:
    return text


def _same_header(key: str, text: str) -> str:
    return text


def custom_of(
    entry: Mapping[str, Any],
    *,
    clean: Callable[[str, str | None], str] = _same,
    header: Callable[[str, str], str] = _same_header,
) -> CustomMCP:
    """The `[custom.*]` table for a hand-written entry; ValueError when it cannot be one."""
    url = next(
        (entry[k] for k in ("url", "serverUrl", "httpUrl") if isinstance(entry.get(k), str)), None
    )
    if url is not None:
        sse = "sse" in (entry.get("type"), entry.get("transport"))
        headers = {k: header(k, v) for k, v in _strings(entry, "headers").items()}
        return CustomMCP(url=clean(url, None), transport="sse" if sse else "http", headers=headers)
    command, args = entry.get("command"), entry.get("args", [])
    if isinstance(command, list) and command:  # OpenCode's argv list
        command, args = command[0], command[1:]
    if not isinstance(command, str) or not isinstance(args, list):
        raise ValueError("neither a url nor a command aido can read")
    env = _strings(entry, "env") or _strings(entry, "environment")
    env = {key: clean(value, key) for key, value in env.items()}
    args = tuple(clean(str(a), None) for a in args)
    return CustomMCP(command=command, args=args, env=env)


def _strings(entry: Mapping[str, Any], key: str) -> dict[str, str]:
    value = entry.get(key)
    if not isinstance(value, Mapping):
        return {}
    return {str(k): str(v) for k, v in value.items()}


def imported_world(world: World, found: list[Found], shown: str | Mapping[str, str]) -> World:
    """`world` as if the config chose `found` and aido owned them as they stand; `shown`
    names the config file each server is recorded in (one for all, or by name)."""
    inputs = world.inputs
    config = with_choices(inputs.loaded.config, found, {w.server.id for w in world.wanted})
    origin = dict(inputs.loaded.origin)
    where = (lambda name: shown) if isinstance(shown, str) else shown.__getitem__
    origin.update({f"add:{f.catalog_id}": where(f.name) for f in found if f.catalog_id})
    origin.update({f"custom:{f.name}": where(f.name) for f in found if f.custom})
    wanted, notes = wanted_servers(world.catalog, world.facts, config, origin=origin)
    loaded = inputs.loaded._replace(config=config, origin=origin)
    files = tuple(
        t._replace(records=(*t.records, *(f.record() for f in found if f.file is t)))
        for t in world.files
    )
    return replace(
        world, inputs=inputs._replace(loaded=loaded), wanted=tuple(wanted), notes=tuple(notes),
        files=files,
    )  # fmt: skip


def with_choices(
    config: ProjectConfig, found: list[Found], wanted: Set[str] = frozenset()
) -> ProjectConfig:
    """`config` plus each found entry as an `add` (unless already wanted) or a `[custom.*]`."""
    add = [*config.mcp.add]
    ids = [f.catalog_id for f in found if f.catalog_id]
    add += [i for i in dict.fromkeys(ids) if i not in {*add, *wanted}]
    customs = {**config.custom, **{f.name: f.custom for f in found if f.custom}}
    overrides = {
        **{f.catalog_id: f.override for f in found if f.override and f.catalog_id},
        **config.override,
    }
    skip = tuple(i for i in config.mcp.skip if i not in add)
    mcp = replace(config.mcp, add=tuple(add), skip=skip)
    return replace(config, mcp=mcp, custom=customs, override=overrides)


def usable(found: list[Found]) -> tuple[list[Found], list[Found]]:
    """The entries to import, and those left alone (with their problem).

    One name imported from several files must mean the same server everywhere.
    """
    first: dict[str, Found] = {}
    keep: list[Found] = []
    left: list[Found] = []
    for item in found:
        if item.problem:
            left.append(item)
            continue
        seen = first.setdefault(item.name, item)
        if seen is not item and (seen.catalog_id, seen.custom) != (item.catalog_id, item.custom):
            left.append(replace(item, problem=f"differs from '{item.name}' in {seen.file.shown}"))
            continue
        keep.append(item)
    return keep, left


def record_all(found: list[Found]) -> None:
    """Save the ownership records of every imported entry, as it stands in its file."""
    for item in found:
        state_path = Path(item.file.state_path)
        with lock_file(state_path):
            state = load_state(state_path)
            target = item.file
            records = [
                r
                for r in state.for_file(target.adapter.name, target.record_path)
                if r.name != item.name or r.map_path
            ]
            records.append(item.record())
            save_state(state_path, state.replace(target.adapter.name, target.record_path, records))


def adoption_entries(found: list[Found]) -> tuple[FileEntry, ...]:
    """The journal entries of the files whose records `record_all` changes (issue 38 §3)."""
    by_file: dict[tuple[str, str], list[Found]] = {}
    for item in found:
        by_file.setdefault((item.file.adapter.name, item.file.record_path), []).append(item)
    return tuple(
        records_entry(
            adapter=items[0].file.adapter.name,
            path=items[0].file.shown,
            abs_path=str(items[0].file.location.path),
            state_path=str(items[0].file.state_path),
            record_path=items[0].file.record_path,
            names=[item.name for item in items],
        )
        for items in by_file.values()
    )
