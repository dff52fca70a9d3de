"""Stack detection on real layouts (issue 32 §1): one fixture per stack under
fixtures/stacks/<pack>/, its manifest in a subfolder where real repositories keep it, and
the catalog entry each stack suggests, and why."""

from __future__ import annotations

from pathlib import Path

import pytest
from syrupy.assertion import SnapshotAssertion

from aidokit.catalog.entries import ENTRIES_BY_ID, MCP_CATALOG
from aidokit.catalog.facts import PACKS_BY_ID
from aidokit.catalog.triggers import select
from aidokit.reconcile.read.facts import detect_facts
from aidokit.reconcile.read.repo import MAX_FILES, scan

STACKS = Path(__file__).parents[3] / "fixtures" / "stacks"

# pack -> (the entry it suggests, a word the reason must hold): why it is useful there.
SUGGESTS = {
    "react": ("playwright", "react"),  # drive the app in a browser
    "nextjs": ("playwright", "nextjs"),
    "vue": ("playwright", "vue"),
    "nuxt": ("playwright", "nuxt"),
    "svelte": ("svelte", "svelte"),  # the Svelte docs server
    "angular": ("angular-cli", "angular"),  # the Angular CLI's own server
    "vite": ("chrome-devtools", "vite"),  # debug the dev server's page
    "playwright": ("playwright", "playwright"),  # the tests it already writes
    "go": ("google-developer-knowledge", "go"),  # Google's docs server reads go.dev
    "rust": ("serena", "rust"),  # rust-analyzer
    "spring": ("serena", "spring"),  # Java language server
    "rails": ("serena", "rails"),
    "dotnet": ("serena", "dotnet"),  # C# language server
    "laravel": ("serena", "laravel"),
    "postgres": ("postgres-readonly", "postgres"),  # the read-write server is sensitive
    "mongodb": ("mongodb-readonly", "mongodb"),
    "aws-cdk": ("aws-documentation", "aws-cdk"),
    # issue 37: the vendors' documentation servers and read-only database servers
    "aws": ("aws-knowledge", "aws"),
    "azure": ("microsoft-learn", "azure"),
    "cloudflare": ("cloudflare-docs", "cloudflare"),
    "sentry": ("sentry", "sentry"),  # the project already reports to Sentry
    "mui": ("mui", "mui"),
    "chakra-ui": ("chakra-ui", "chakra-ui"),
    "chroma": ("chroma", "chroma"),
    "neo4j": ("neo4j-readonly", "neo4j"),
    # issue 37 part 2: Google's docs server (what acts on the project is sensitive)
    "gcp": ("google-developer-knowledge", "gcp"),
    "firebase": ("google-developer-knowledge", "firebase"),
    # issue 54: Vinta's read-only introspection server, run in the project's environment
    "django": ("django-ai-boost", "django"),
}

# pack -> the security-sensitive entry its trigger names: never suggested, listed as left
# out by `aido suggest` (every server for these stacks acts on an account or runs code).
LEFT_OUT = {
    "vercel": "vercel",
    "convex": "convex",
    "posthog": "posthog",
    "jupyter": "jupyter",
    "pinecone": "pinecone",
    # issue 37 part 2: these packs recommended `fetch`, which is opt-in (it can reach local
    # network addresses); what acts on the service is sensitive.
    "docker": "docker",
    "redis": "redis",
    "terraform": "terraform",  # HashiCorp's hosted server, with an HCP Terraform token
    "kubernetes": "kubernetes-readonly",
    "prisma": "prisma",
    "supabase": "supabase",
    "logfire": "logfire",  # the vendor's hosted server manages alerts and runs code
}

# Packs no vendor serves with a server the catalog can check (docs/catalog.md, "Stacks
# without a vendor server"): they get the `always` entries (context7 has their docs).
NOTHING = ("fastapi", "flask", "sqlalchemy")


def test_every_pack_has_a_fixture_and_an_expected_suggestion() -> None:
    """Each stack pack (but the workspace tools) is tested below; each fixture is a pack."""
    tested = set(SUGGESTS) | set(LEFT_OUT) | set(NOTHING)
    assert tested == set(PACKS_BY_ID) - {"express", "nestjs", "nx"}
    assert {p.name for p in STACKS.iterdir()} == tested


@pytest.mark.parametrize("pack", NOTHING)
def test_a_stack_with_no_vendor_server_gets_only_the_always_entries(pack: str) -> None:
    """The pack is detected and adds nothing: no `fetch` (opt-in), nothing left out."""
    facts = detect_facts(STACKS / pack)
    assert pack in facts.stack_packs, facts.stack_packs
    alone = facts._replace(stack_packs={pack: facts.stack_packs[pack]}, brownfield=None)
    selection = select(MCP_CATALOG, alone)
    assert all(m.trigger == "always" for m in selection.selected), selection.selected
    assert not [gate for gate in selection.left_out if gate.trigger is not None]


def test_no_pack_recommends_fetch() -> None:
    """`fetch` can reach local network addresses, so its entry is opt-in (`never`): a pack
    recommending it would install it in every backend project (issue 37 review)."""
    assert ENTRIES_BY_ID["fetch"].triggers == ("never",)
    assert [pack.id for pack in PACKS_BY_ID.values() if "fetch" in pack.recommends] == []


@pytest.mark.parametrize(
    ("build", "language"),
    [
        ("pom.xml", "java"),
        ("build.gradle", "java"),
        ("build.gradle.kts", "java"),  # a Java marker too, and named first
        ("settings.gradle.kts", "kotlin"),
    ],
)
def test_a_jvm_build_suggests_sonatype_for_its_dependencies(
    tmp_path: Path, build: str, language: str
) -> None:
    """Any Maven or Gradle build (Spring or not) gets Sonatype's server, by its language."""
    (tmp_path / "service").mkdir()
    (tmp_path / "service" / build).write_text("\n", "utf-8")
    facts = detect_facts(tmp_path)._replace(brownfield=None)
    chosen = {m.id: m for m in select(MCP_CATALOG, facts).selected}
    assert "sonatype" in chosen, sorted(chosen)
    assert chosen["sonatype"].trigger == f"stack.language({language})"
    assert facts.stack_packs == {}


@pytest.mark.parametrize("pack", sorted(LEFT_OUT))
def test_a_stack_whose_servers_are_all_sensitive_names_them_but_suggests_none(pack: str) -> None:
    """The pack is detected; its entry's trigger matches, and the entry is left out as
    security-sensitive, with the pack as the reason (`aido suggest` shows it so)."""
    facts = detect_facts(STACKS / pack)
    assert pack in facts.stack_packs, facts.stack_packs
    alone = facts._replace(stack_packs={pack: facts.stack_packs[pack]}, brownfield=None)
    selection = select(MCP_CATALOG, alone)
    gated = {gate.id: gate for gate in selection.left_out}
    assert gated[LEFT_OUT[pack]].because == "security-sensitive"
    assert gated[LEFT_OUT[pack]].trigger == f"stack.has({pack})"
    assert all(m.trigger == "always" for m in selection.selected), selection.selected


@pytest.mark.parametrize("pack", sorted(SUGGESTS))
def test_each_stack_is_detected_below_the_root_and_suggests_an_entry(pack: str) -> None:
    """The pack is detected from its fixture and selects its entry: by a trigger whose
    reason names the pack, or by the pack's own `recommends` (another fact, such as
    brownfield or a compose file's docker pack, may be the first reason shown)."""
    facts = detect_facts(STACKS / pack)
    assert pack in facts.stack_packs, facts.stack_packs
    entry, word = SUGGESTS[pack]
    chosen = {m.id: m for m in select(MCP_CATALOG, facts).selected}
    assert entry in chosen, sorted(chosen)
    assert word in chosen[entry].reason or entry in PACKS_BY_ID[pack].recommends
    alone = facts._replace(stack_packs={pack: facts.stack_packs[pack]}, brownfield=None)
    reason = {m.id: m.reason for m in select(MCP_CATALOG, alone).selected}[entry]
    assert word in reason, reason


def test_the_walk_skips_dependency_build_and_ignored_folders(tmp_path: Path) -> None:
    """Manifests under node_modules, .venv, dist and .gitignore'd folders are not read."""
    for folder in ("node_modules/x", ".venv/lib", "dist", "generated/app", "a/b/c/d"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "package.json").write_text('{"dependencies": {"react": "1"}}')
    (tmp_path / ".gitignore").write_text("# build output\n/generated/\n")
    assert scan(tmp_path).named("package.json") == ()
    assert "react" not in detect_facts(tmp_path).stack_packs
    (tmp_path / "web").mkdir()
    (tmp_path / "web/package.json").write_text('{"dependencies": {"react": "1"}}')
    assert detect_facts(tmp_path).stack_packs["react"].source == "web/package.json"


def test_the_walk_keeps_at_most_max_files(tmp_path: Path) -> None:
    """A folder of many manifests is read up to the cap, no further."""
    for index in range(MAX_FILES + 50):
        (tmp_path / f"m{index:04}").mkdir()
        (tmp_path / f"m{index:04}/Cargo.toml").write_text("")
    assert len(scan(tmp_path).named("Cargo.toml")) == MAX_FILES


def test_a_symlinked_folder_is_not_followed(tmp_path: Path) -> None:
    """The walk never follows a link (a repository is untrusted input)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "go.mod").write_text("module x\n")
    project = tmp_path / "proj"
    project.mkdir()
    (project / "linked").symlink_to(outside)
    assert "go" not in detect_facts(project).stack_packs


# The common stacks of issue 54: what each one's fixture project gets from the catalog.
COMMON = ("go", "rust", "rails", "laravel", "django", "docker", "terraform", "kubernetes", "prisma")


def test_what_each_common_stack_gets_is_on_record(snapshot: SnapshotAssertion) -> None:
    """For each common stack, its fixture's suggestions beyond the `always` entries (each with
    the trigger and the file behind it) and the sensitive entries named but left out:
    docs/catalog.md says why a stack has nothing more (issue 54 item 7)."""
    record = {}
    for pack in COMMON:
        facts = detect_facts(STACKS / pack)._replace(brownfield=None)
        selection = select(MCP_CATALOG, facts)
        record[f"fixtures/stacks/{pack}"] = {
            "suggests": [
                f"{m.id}: {m.trigger}, {m.reason}"
                for m in selection.selected
                if m.trigger != "always"
            ],
            "left out (security-sensitive)": [
                f"{gate.id}: {gate.trigger}"
                for gate in selection.left_out
                if gate.trigger is not None and gate.because == "security-sensitive"
            ],
        }
    assert record == snapshot
