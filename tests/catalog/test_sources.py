"""Package specs read by each ecosystem's grammar (issue 30 §1): another source is sensitive."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import MCPDef, StdioSpec
from aidokit.catalog.sources import docker_source, npm_source, pypi_source, same_source
from aidokit.reconcile.plan.lock_pins import pin
from aidokit.reconcile.read.choices.lockfile import Lock, Locked
from aidokit.reconcile.read.desired import Wanted
from tests.fuzz import fuzz_settings

NUM = st.integers(0, 10**6).map(str)
WORD = st.from_regex(r"[a-z][a-z0-9-]{0,10}", fullmatch=True)
HOST = st.from_regex(r"[a-z][a-z0-9]{0,8}\.(example|com|io|dev)", fullmatch=True)
PATH = st.lists(WORD, min_size=1, max_size=3).map("/".join)

# --- npm --------------------------------------------------------------------------------

SEMVER = st.builds(
    lambda a, b, c, pre, build: (
        f"{a}.{b}.{c}" + (f"-{pre}" if pre else "") + (f"+{build}" if build else "")
    ),
    NUM,
    NUM,
    NUM,
    st.one_of(
        st.just(""), st.from_regex(r"(rc|beta|alpha)(\.(0|[1-9][0-9]{0,3}))?", fullmatch=True)
    ),
    st.one_of(st.just(""), st.from_regex(r"[0-9A-Za-z-]{1,8}", fullmatch=True)),
)
NPM_SPECS = [
    (e.id, a, s)
    for e in MCP_CATALOG
    for a, s in e.install.items()
    if isinstance(s, StdioSpec) and s.command == "npx"
]
# Everything npm-package-arg reads as a source other than a registry version.
NPM_OTHER_SPEC = st.one_of(
    st.builds(lambda h, p: f"https://{h}/{p}.tgz", HOST, PATH),
    st.builds(lambda h, p: f"http://{h}/{p}", HOST, PATH),
    st.builds(lambda h, p: f"git+ssh://git@{h}/{p}.git", HOST, PATH),
    st.builds(lambda h, p: f"git+https://{h}/{p}", HOST, PATH),
    st.builds(lambda h, p: f"git://{h}/{p}", HOST, PATH),
    st.builds(lambda p: f"file:./{p}", PATH),
    st.builds(lambda p: f"file:{p}.tgz", PATH),
    st.builds(
        lambda k, u, r: f"{k}:{u}/{r}",
        st.sampled_from(["github", "gitlab", "bitbucket", "gist"]),
        WORD,
        WORD,
    ),
    st.builds(lambda u, r: f"{u}/{r}", WORD, WORD),
    st.builds(lambda u, r, c: f"{u}/{r}#{c}", WORD, WORD, WORD),
    st.builds(lambda n, v: f"npm:{n}@{v}", WORD, SEMVER),
    st.builds(lambda n: f"npm:{n}", WORD),
    st.builds(lambda p: f"./{p}", PATH),
    st.builds(lambda p: f"../{p}", PATH),
    st.builds(lambda p: f"/{p}", PATH),
    st.builds(lambda p: f"~/{p}", PATH),
    st.builds(lambda p: f"C:\\{p}", WORD),
    st.builds(lambda p: f"{p}.tgz", WORD),
    st.builds(lambda p: f"{p}.tar.gz", WORD),
)
NPM_LOOSE_SPEC = st.one_of(
    st.builds(
        lambda op, v: f"{op}{v}",
        st.sampled_from(["^", "~", ">=", "<", "<=", ">", "=", "v"]),
        SEMVER,
    ),
    st.builds(lambda a, b: f"{a} - {b}", SEMVER, SEMVER),
    st.builds(lambda a, b: f"{a} || {b}", SEMVER, SEMVER),
    st.builds(lambda a: f"{a}.x", NUM),
    st.sampled_from(["*", "", "x", "latest", "next", "beta", "canary"]),
    WORD.filter(lambda w: not w[0].isdigit()),
)
# A whole argument that is not `name@spec` of the catalog's package.
NPM_OTHER_ARG = st.one_of(
    st.builds(lambda h, p: f"https://{h}/{p}.tgz", HOST, PATH),
    st.builds(lambda h, u, r: f"git@{h}:{u}/{r}.git", HOST, WORD, WORD),
    st.builds(lambda u, r: f"{u}/{r}", WORD, WORD),
    st.builds(lambda u, r: f"github:{u}/{r}", WORD, WORD),
    st.builds(lambda p: f"./{p}", PATH),
    st.builds(lambda n, v: f"{n}-evil@{v}", WORD, SEMVER),
)


def with_operand(spec: StdioSpec, operand: str) -> StdioSpec:
    """`spec` with its package argument (after `-y`) replaced."""
    return dataclasses.replace(spec, args=(spec.args[0], operand, *spec.args[2:]))


def npm_name(spec: StdioSpec) -> str:
    source = npm_source(spec.args[1])
    assert source is not None
    return source.name


def sensitive_with(entry_id: str, adapter: str, locked: StdioSpec) -> bool:
    """Whether plan pins the catalog entry to `locked` only with a typed confirmation."""
    entry = next(e for e in MCP_CATALOG if e.id == entry_id)
    from aidokit.adapters import resolved

    (server,) = resolved((entry,))
    assert not server.security_sensitive or entry_id in {"filesystem", "desktop-commander"}
    ours = entry.install[adapter]
    install = {name: locked for name, spec in server.install.items() if spec == ours}
    assert install
    lock = Lock({entry_id: Locked(entry_id, "catalog", install)})
    (item,) = pin([Wanted(server, "test", True, ())], lock)
    return item.server.security_sensitive and not server.security_sensitive


def routine(entry: MCPDef) -> bool:
    return not entry.security_sensitive


@fuzz_settings(150)
@given(
    case=st.sampled_from(
        [c for c in NPM_SPECS if routine(next(e for e in MCP_CATALOG if e.id == c[0]))]
    ),
    version=SEMVER,
)
def test_npm_plain_version_is_routine(case: tuple[str, str, StdioSpec], version: str) -> None:
    """The catalog's npm package at any exact semver version is routine (no confirmation)."""
    entry_id, adapter, ours = case
    theirs = with_operand(ours, f"{npm_name(ours)}@{version}")
    assert same_source(ours, theirs)
    assert not sensitive_with(entry_id, adapter, theirs)


@fuzz_settings(250)
@given(
    case=st.sampled_from(
        [c for c in NPM_SPECS if routine(next(e for e in MCP_CATALOG if e.id == c[0]))]
    ),
    spec=st.one_of(NPM_OTHER_SPEC, NPM_LOOSE_SPEC),
)
def test_npm_other_source_range_or_tag_is_sensitive(
    case: tuple[str, str, StdioSpec], spec: str
) -> None:
    """`pkg@<url|file|git|github|alias|dir|tarball|range|tag>` in the lock needs a confirmation."""
    entry_id, adapter, ours = case
    theirs = with_operand(ours, f"{npm_name(ours)}@{spec}")
    assert not same_source(ours, theirs)
    assert sensitive_with(entry_id, adapter, theirs)


@fuzz_settings(200)
@given(
    case=st.sampled_from(
        [c for c in NPM_SPECS if routine(next(e for e in MCP_CATALOG if e.id == c[0]))]
    ),
    arg=NPM_OTHER_ARG,
)
def test_npm_other_package_argument_is_sensitive(
    case: tuple[str, str, StdioSpec], arg: str
) -> None:
    """A whole URL, scp-like git address, shorthand, path or other name in the slot is sensitive."""
    entry_id, adapter, ours = case
    assert sensitive_with(entry_id, adapter, with_operand(ours, arg))


@fuzz_settings(200)
@given(
    case=st.sampled_from(
        [c for c in NPM_SPECS if routine(next(e for e in MCP_CATALOG if e.id == c[0]))]
    ),
    flag=st.sampled_from(
        ["--registry=https://evil.example", "--package=evil", "-p", "--userconfig", "--prefix=/tmp"]
    ),
    version=SEMVER,
)
def test_npm_launcher_flags_are_sensitive(
    case: tuple[str, str, StdioSpec], flag: str, version: str
) -> None:
    """A launcher flag added before the package (a registry, another package) is sensitive."""
    entry_id, adapter, ours = case
    name = npm_name(ours)
    theirs = dataclasses.replace(
        ours, args=(ours.args[0], flag, f"{name}@{version}", *ours.args[2:])
    )
    assert sensitive_with(entry_id, adapter, theirs)


@pytest.mark.parametrize(
    "spec",
    [
        "https://evil.example/pw.tgz",
        "file:./tools/evil",
        "github:attacker/evil",
        "git+ssh://git@github.com/attacker/evil.git",
        "npm:other-pkg@1",
        "attacker/evil",
        "latest",
        "^0.0.40",
    ],
)
def test_issue_examples_of_npm_sources(spec: str) -> None:
    """The issue's own examples: each is another source than the registry's version."""
    source = npm_source(f"@playwright/mcp@{spec}")
    assert source is None or not source.plain


# --- PyPI / uvx ---------------------------------------------------------------------------

PEP440 = st.builds(
    lambda rel, pre, post, dev: ".".join(rel) + pre + post + dev,
    st.lists(NUM, min_size=1, max_size=4),
    st.sampled_from(["", "a1", "b2", "rc3"]),
    st.sampled_from(["", ".post1"]),
    st.sampled_from(["", ".dev0"]),
)
UVX_SPECS = [
    (e.id, a, s)
    for e in MCP_CATALOG
    for a, s in e.install.items()
    if isinstance(s, StdioSpec) and s.command == "uvx" and routine(e)
]


def pypi_slot(spec: StdioSpec) -> int:
    return 1 if spec.args[:1] == ("--from",) else 0


def pypi_name(spec: StdioSpec) -> str:
    source = pypi_source(spec.args[pypi_slot(spec)])
    assert source is not None
    return source.name


def with_pypi(spec: StdioSpec, operand: str) -> StdioSpec:
    args = list(spec.args)
    args[pypi_slot(spec)] = operand
    return dataclasses.replace(spec, args=tuple(args))


def name_forms(name: str) -> st.SearchStrategy[str]:
    """Spellings PyPI treats as the same project name."""
    return st.sampled_from([name, name.replace("-", "_"), name.replace("-", "."), name.upper()])


@fuzz_settings(150)
@given(case=st.sampled_from(UVX_SPECS), version=PEP440, data=st.data())
def test_pypi_plain_version_is_routine(
    case: tuple[str, str, StdioSpec], version: str, data: st.DataObject
) -> None:
    """The catalog's PyPI package at any exact public version (`==V` or uv's `@V`) is routine."""
    entry_id, adapter, ours = case
    name = data.draw(name_forms(pypi_name(ours)))
    form = data.draw(st.sampled_from(["{n}=={v}", "{n}@{v}", "{n} == {v}"]))
    theirs = with_pypi(ours, form.format(n=name, v=version))
    assert same_source(ours, theirs)
    assert not sensitive_with(entry_id, adapter, theirs)


@fuzz_settings(250)
@given(case=st.sampled_from(UVX_SPECS), version=PEP440, data=st.data())
def test_pypi_other_source_range_or_extra_is_sensitive(
    case: tuple[str, str, StdioSpec], version: str, data: st.DataObject
) -> None:
    """`name @ url`, git+ URLs, paths, ranges, wildcards, local versions, extras: sensitive."""
    entry_id, adapter, ours = case
    name = pypi_name(ours)
    host, path = data.draw(HOST), data.draw(PATH)
    other = data.draw(
        st.sampled_from(
            [
                f"{name} @ https://{host}/{path}.whl",
                f"{name}@https://{host}/{path}.tar.gz",
                f"{name} @ git+https://{host}/{path}",
                f"{name}@git+ssh://git@{host}/{path}",
                f"{name} @ file:///{path}",
                f"{name}@file:./{path}",
                f"git+https://{host}/{path}",
                f"./{path}",
                f"/{path}.whl",
                f"{path}.tar.gz",
                f"{name}>={version}",
                f"{name}~={version}.0",
                f"{name}!={version}",
                f"{name}=={version}.*",
                f"{name}==={version}",
                f"{name}=={version}+evil",
                f"{name}=={version},<99",
                f"{name}[extra]=={version}",
                f"{name}=={version}; python_version > '3'",
                f"{name}",
                f"{name}@latest",
                f"{name}-evil=={version}",
            ]
        )
    )
    theirs = with_pypi(ours, other)
    assert not same_source(ours, theirs)
    assert sensitive_with(entry_id, adapter, theirs)


@fuzz_settings(200)
@given(
    case=st.sampled_from(UVX_SPECS),
    flag=st.sampled_from(
        ["--index-url", "--extra-index-url", "--find-links", "--index", "--default-index", "--with"]
    ),
    host=HOST,
)
def test_uvx_index_flags_are_sensitive(
    case: tuple[str, str, StdioSpec], flag: str, host: str
) -> None:
    """`--index-url`, `--extra-index-url`, `--find-links`, `--with`... added: sensitive."""
    entry_id, adapter, ours = case
    theirs = dataclasses.replace(ours, args=(flag, f"https://{host}/simple", *ours.args))
    assert sensitive_with(entry_id, adapter, theirs)


def test_uvx_from_names_the_package() -> None:
    """`uvx --from REQ tool`: the requirement after --from is the package read by PEP 508."""
    ours = StdioSpec(command="uvx", args=("--from", "serena-agent==2.1.0", "serena", "x"))
    assert same_source(ours, with_pypi(ours, "serena-agent==2.2.0"))
    assert not same_source(ours, with_pypi(ours, "serena-agent @ git+https://evil.example/s"))
    other_tool = dataclasses.replace(ours, args=("--from", "serena-agent==2.2.0", "evil", "x"))
    assert not same_source(ours, other_tool)


# --- docker ---------------------------------------------------------------------------------

TAG = st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,20}", fullmatch=True)
DIGEST = st.from_regex(r"[0-9a-f]{64}", fullmatch=True).map(lambda h: f"sha256:{h}")
DOCKER_OURS = StdioSpec(
    command="docker", args=("run", "-i", "--rm", "ghcr.io/acme/mcp-server:1.2.3")
)


@fuzz_settings(200)
@given(version=st.one_of(TAG.map(lambda t: f":{t}"), DIGEST.map(lambda d: f"@{d}")))
def test_docker_same_repository_at_any_tag_or_digest(version: str) -> None:
    """The same repository on the same registry at another tag or digest is the same source."""
    theirs = dataclasses.replace(
        DOCKER_OURS, args=(*DOCKER_OURS.args[:3], f"ghcr.io/acme/mcp-server{version}")
    )
    assert same_source(DOCKER_OURS, theirs)


@fuzz_settings(200)
@given(host=HOST, path=PATH, tag=TAG)
def test_docker_other_registry_or_repository(host: str, path: str, tag: str) -> None:
    """Another registry host or another repository is another source."""
    for image in (f"{host}/acme/mcp-server:{tag}", f"ghcr.io/{path}-x:{tag}", f"{path}:{tag}"):
        theirs = dataclasses.replace(DOCKER_OURS, args=(*DOCKER_OURS.args[:3], image))
        assert not same_source(DOCKER_OURS, theirs)


def test_docker_hub_names_normalise() -> None:
    """`img`, `library/img` and `docker.io/library/img` are one repository (Docker Hub's rules)."""
    names = {
        docker_source(n)
        for n in ("img", "library/img:2", "docker.io/library/img@sha256:" + "a" * 64)
    }
    assert len(names) == 1 and None not in names
    assert docker_source("Img") is None and docker_source("img:bad tag") is None


# --- end to end -------------------------------------------------------------------------------


def test_lock_with_a_url_in_the_version_slot_is_refused_by_apply_yes(tmp_path: Path) -> None:
    """`aido.lock` pinning `@playwright/mcp@https://...`: apply --yes refuses, writes nothing."""
    from aidokit.reconcile.read.choices.lockfile import LOCK_NAME, load_lock, render_lock
    from tests.helpers import aido, new_project

    toml = (
        'adapters = ["claude-code"]\n[mcp]\nadd = ["playwright"]\n'
        'skip = ["sequential-thinking", "context7"]\n'
    )
    project = new_project(tmp_path, toml)
    assert aido(project, "apply", "--yes") == 0
    lock = load_lock(project / LOCK_NAME)
    assert lock is not None
    locked = lock.entries["playwright"]
    install = {
        adapter: with_operand(spec, "@playwright/mcp@https://evil.example/pw.tgz")
        if isinstance(spec, StdioSpec)
        else spec
        for adapter, spec in locked.install.items()
    }
    evil = Lock({**lock.entries, "playwright": Locked("playwright", "catalog", install)})
    (project / LOCK_NAME).write_text(render_lock(evil))
    before = (project / ".mcp.json").read_bytes()
    assert aido(project, "apply", "--yes") == 1
    assert (project / ".mcp.json").read_bytes() == before
    assert "evil" not in json.dumps(json.loads(before))


OTHER = "not catalog playwright (npm package '@playwright/mcp'); rename the entry"


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("@playwright/mcp@0.0.1", "import playwright from .mcp.json as catalog id"),
        ("@playwright/mcp@latest", "import playwright from .mcp.json as catalog id"),
        ("@playwright/mcp@file:./tools/evil.tgz", OTHER),
        ("@playwright/mcp@file:evil.tgz", OTHER),
        ("@playwright/mcp@npm:evil", OTHER),
        ("@playwright/mcp@https://evil.example/pw.tgz", OTHER),
        ("@playwright/mcp@npm:evil@1.0.0", OTHER),
        ("@playwright/mcp@github:attacker/evil", OTHER),
    ],
)
def test_import_reads_the_package_by_its_grammar(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str, said: str
) -> None:
    """A hand-written entry is the catalog's only when it runs the catalog's registry package."""
    from tests.helpers import aido, new_project

    project = new_project(tmp_path, 'adapters = ["claude-code"]\nsuggest = false\n')
    entry = {"command": "npx", "args": ["-y", spec]}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"playwright": entry}}))
    capsys.readouterr()
    aido(project, "import", "--yes")
    assert said in capsys.readouterr().out


@pytest.mark.parametrize(
    "spec",
    [
        "@playwright/mcp@https://evil.example/pw.tgz",
        "@playwright/mcp@file:./x",
        "@playwright/mcp@npm:evil@1",
    ],
)
def test_saved_plan_writing_another_source_needs_the_confirmation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    """A saved plan edited to write another source in the package slot is refused under --yes."""
    from tests.helpers import aido, new_project, saved_plan

    toml = 'adapters = ["claude-code"]\n[mcp]\nadd = ["playwright"]\n'
    project = new_project(tmp_path, toml + 'skip = ["sequential-thinking", "context7"]\n')
    saved, data = saved_plan(project)
    (change,) = [c for f in data["files"] for c in f["changes"] if c["name"] == "playwright"]
    change["after"]["args"] = ["-y", spec]
    saved.write_text(json.dumps(data))
    capsys.readouterr()
    assert aido(project, "apply", str(saved)) == 1
    assert "aido confirm playwright" in capsys.readouterr().err
    assert not (project / ".mcp.json").exists()
