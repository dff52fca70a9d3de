"""How policy layers combine (SPEC §4): no project layer can widen a user or managed policy."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from aidokit.adapters import ADAPTERS, resolved, spec_for
from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.models import RemoteSpec, StdioSpec
from aidokit.reconcile.policy.layers import PolicyLayer
from aidokit.reconcile.policy.rules import parse_rule
from aidokit.reconcile.policy.verdict import judge, subjects
from tests.fuzz import fuzz_settings

CATALOG = resolved(MCP_CATALOG)
CLAUDE = ADAPTERS["claude-code"]
SPECS = [(e.id, spec) for e in CATALOG if (spec := spec_for(e, CLAUDE)) is not None]
CUSTOM = [
    ("my-api", RemoteSpec(url="https://mcp.acme.dev/mcp")),
    ("bridge", StdioSpec(command="npx", args=("-y", "mcp-remote", "https://x.example.net/m"))),
    ("local", StdioSpec(command="node", args=("server.js",))),
    ("pw", StdioSpec(command="npx", args=("-y", "@playwright/mcp@0.0.83"))),
]
WORDS = sorted(
    {str(s) for i, spec in SPECS for s in subjects(i, spec)}
    | {"npm:@playwright/*", "host:*.example.net", "host:*", "npm:*", "pypi:*", "*", "my-api"}
    | {"host:mcp.acme.dev", "npm:mcp-remote", "git*", "docker:*"}
)
rules = st.lists(st.sampled_from(WORDS), max_size=4)


@st.composite
def layers(draw: st.DrawFn, kind: str) -> PolicyLayer:
    allow = draw(st.one_of(st.none(), rules))
    return PolicyLayer(
        f"{kind}.toml",
        kind,
        None if allow is None else tuple(map(parse_rule, allow)),
        tuple(map(parse_rule, draw(rules))),
        draw(st.booleans()),
        False,
    )


entries = st.one_of(
    st.tuples(st.sampled_from(SPECS), st.just(False)),
    st.tuples(st.sampled_from(CUSTOM), st.just(True)),
)


@fuzz_settings(300)
@given(
    base=st.lists(st.one_of(layers("managed"), layers("user")), max_size=2),
    project=st.lists(layers("project"), max_size=3),
    entry=entries,
)
def test_no_project_layer_widens_the_policy_above_it(
    base: list[PolicyLayer], project: list[PolicyLayer], entry: tuple[tuple[str, object], bool]
) -> None:
    """What the managed and user layers refuse, every set of project layers refuses too."""
    (entry_id, spec), custom = entry
    assert isinstance(spec, StdioSpec | RemoteSpec)
    alone = judge(entry_id, spec, base, custom=custom)
    together = judge(entry_id, spec, [*base, *project], custom=custom)
    if alone is not None:
        assert together is not None
    for order in ([*project, *base], [*base, *reversed(project)]):
        assert (judge(entry_id, spec, order, custom=custom) is None) == (together is None)


def test_without_layers_everything_is_admitted() -> None:
    """No policy anywhere: every catalog entry and custom server is admitted."""
    for entry_id, spec in SPECS:
        assert judge(entry_id, spec, [], custom=False) is None
    for entry_id, spec in CUSTOM:
        assert judge(entry_id, spec, [], custom=True) is None
