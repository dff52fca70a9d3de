"""The hand-written sections of docs/catalog.md: stack gaps, finding servers, drafting entries.

Kept apart from the generated tables (catalog/docs.py) so the prose and the
data change in different files.
"""

from __future__ import annotations

GAPS = """\
## Stacks without a vendor server

An entry is added only when `make verify-catalog` can check it: a package on
npm or PyPI at a pinned version, or a remote the vendor documents. Of the
common stacks, Django gets a server of its own (`django-ai-boost`) and Go
Google's documentation server (`google-developer-knowledge`), both added
2026-12-06. For the stacks below the server a practitioner would pick is not
one of those, or acts on an account or a machine and so is never suggested
(checked 2026-12-03, again 2026-12-06):

- **Go** (`go`): the pack recommends `google-developer-knowledge`, Google's
  hosted documentation server, whose corpus includes go.dev (the language
  spec, Effective Go, the tour, release notes; not pkg.go.dev); it needs a
  Google Cloud API key (`aido doctor` says when it is not set). It also
  recommends `serena`, which runs gopls. The Go team's own server is built
  into gopls (`gopls mcp`, since gopls v0.20.0; go.dev/gopls/features/mcp),
  installed with `go install golang.org/x/tools/gopls@VERSION` from the Go
  module proxy, not from npm or PyPI, so `make verify-catalog` cannot check a
  pin, and it runs whichever gopls is on the PATH. To use it:
  `[custom.gopls]` with `command = "gopls"` and `args = ["mcp"]`.
- **Rust** (`rust`): neither the Rust project nor rust-analyzer publishes a
  server. The community ones that read docs.rs and crates.io (docs-mcp,
  mcp-rust-docs, rustdocs-mcp and others) are crates, installed with
  `cargo install`: no npm or PyPI package, so `make verify-catalog` cannot
  check a pin. PyPI's one Cargo server, cargo-mcp 0.1.0 (its only release),
  runs `cargo build`, `cargo test` and `cargo run`, which run the project's
  code: it would be security-sensitive. The pack recommends `serena`, which
  runs rust-analyzer; `context7` serves crate documentation.
- **JVM** (`spring`, any Maven or Gradle build): `sonatype`, Sonatype's hosted
  server (Sonatype runs Maven Central), is suggested for Java and Kotlin
  projects, and `serena` for Spring. IntelliJ IDEA's built-in MCP server is
  set up by the IDE and runs from its installation: there is no package to pin.
- **Rails** (`rails`): the Rails project publishes no server. The best-known
  community one, rails-mcp-server (maquina-app, gem 1.5.2), is a Ruby gem,
  which `make verify-catalog` cannot check, and its `execute_ruby` tool runs
  Ruby in the app through `bin/rails runner`, behind guardrails its own
  description calls no security boundary: it would be security-sensitive.
  Nothing on npm or PyPI serves Rails. The pack recommends `serena`.
- **PHP, Laravel** (`laravel`): Laravel's own server is Laravel Boost
  (laravel/boost on Packagist, laravel.com/docs/boost), a Composer dev
  dependency that runs as `php artisan boost:mcp` inside the app: Composer
  packages are not checked here, and its tools run PHP in the app (Tinker)
  and query the database, so it would be security-sensitive. Its docs search
  calls Laravel's hosted documentation API, which is not an MCP server, and
  PyPI's laravel-docs-mcp (0.3.1, one person's, last released 2025-06) is not
  Laravel's. To use Boost: `[custom.laravel-boost]` with `command = "php"`
  and `args = ["artisan", "boost:mcp"]`. The pack recommends `serena`.
- **.NET** (`dotnet`): `microsoft-learn`, Microsoft's hosted documentation
  server, is suggested. The NuGet MCP server is a NuGet package run by dnx,
  which `make verify-catalog` does not check.
- **Terraform** (`terraform`): `terraform` is HashiCorp's hosted server
  (mcp.terraform.io); it takes an HCP Terraform token on every request, even
  for the public registry tools, and the token reaches the organization's
  workspaces and runs, so it is security-sensitive and only installed by
  name. HashiCorp's local server, which reads the public registry without a
  token, ships as a Docker image and a Go binary only. npm's
  terraform-mcp-server (0.13.0) is the proof of concept that preceded it, its
  repository archived in favour of HashiCorp's; AWS's PyPI server
  (awslabs.terraform-mcp-server) is yanked in its favour, and it ran
  `terraform apply`.
- **Kubernetes, Helm** (`kubernetes`): `kubernetes-readonly`
  (containers/kubernetes-mcp-server, npm 0.0.67), `kubernetes` (npm
  mcp-server-kubernetes 4.1.7), `argocd` and `aws-eks` all act with the
  kubeconfig's or the cloud's credentials (even read-only, they read Secrets
  and pod logs): security-sensitive, named by the user. Helm has no server
  of its own; `kubernetes-readonly` lists Helm releases with its default
  Helm toolset.
- **Docker and compose services** (`docker`, `redis`): the `docker` (PyPI
  mcp-server-docker 0.3.0) and `redis` servers change containers and data
  through the local daemon or the database: security-sensitive. Docker's own
  servers are not packages: the Docker Hub server (docker/hub-mcp; the
  dockerhub-mcp-server name in its package.json is not on npm) ships as an
  image in Docker's MCP Catalog, and the MCP Toolkit's gateway
  (`docker mcp gateway run`) is a Docker CLI plugin that starts containers.
  `postgres`, `mongodb` and `neo4j` get their read-only servers.
- **Prisma** (`prisma`): Prisma's two servers both act on the database: the
  local one (`prisma mcp`, the `prisma` entry; prisma 7.10.1 on npm, checked
  2026-12-06) runs `migrate dev`, which writes a migration and applies it,
  and opens Prisma Studio, each in a folder the agent names; the remote one
  (mcp.prisma.io, Prisma Console login) creates, deletes and queries Prisma
  Postgres databases. Both are security-sensitive; `context7` serves
  Prisma's documentation.
- **Python and Node web frameworks** (`fastapi`, `flask`, `sqlalchemy`,
  `express`, `nestjs`): no framework publishes a server; `context7` (every
  project) serves their documentation. No pack recommends `fetch`: it can
  reach local network addresses, so it is opt-in (`[mcp] add = ["fetch"]`).
"""

SEARCH = """\
## Finding a server: `aido search`

`aido search WORDS` looks through this catalog offline: each entry's id,
name, tags and purpose. A word counts most in the id, then the name, the
tags and the purpose, and more as a whole word than as the start of one
(`postgres` in `PostgreSQL`) or a piece of one (`db` in `mongodb`). The entry
whose id the words spell comes first, then entries that meet more of the
words, then the higher score; a deprecated entry comes after an equal
current one. Gates are shown beside each entry (`[sensitive]`,
`[deprecated -> X]`).

With `--registry` (the official MCP Registry,
`https://registry.modelcontextprotocol.io`, or the URL given) aido also asks
the registry's `/v0.1/servers?search=WORD&version=latest`, once per word for
the three longest words, and lists its servers, ranked the same way. Each is
marked `curated as: ID` when a catalog entry is that server (the entry's tag
`registry:NAME`, or the same npm or PyPI package, or the same remote URL), or
`not curated`: no review stands behind a server that is not curated.
`aido mcp add ID --from-registry NAME [--registry URL]` adds one as
`[custom.ID]` in `aido.toml`, its fields from the registry's `server.json`
(`GET /v0.1/servers/NAME/versions/latest`), translated as `aido catalog
import` does: the remote when it has one, else its npm, PyPI or OCI
package; secrets as `${NAME}` references, and a credential inside a value
replaced by one too. Like every custom server it is security-sensitive:
`aido apply` shows what it runs and asks you to type its id at a terminal.
A server a catalog entry is, or one deprecated or deleted upstream, is
refused. Registry text
is shown escaped and cut to 200 characters; the registry gets
`AIDO_REGISTRY_TIMEOUT` seconds (default 15) for all of the command's
requests. `--json` prints [`search.schema.json`](schemas/search.schema.json).
"""

SYNC = """\
## Drafting entries from a registry: `aido catalog sync`

A maintainer's tool whose output goes into a pull request; it never changes
the catalog (the catalog ADR). `aido catalog sync [--registry URL] [--out DIR]
[--full] [--json]` reads the registry's `GET /v0.1/servers?version=latest`
page by page (`limit=100`, the `cursor` from each page's
`metadata.nextCursor`; modelcontextprotocol/registry's openapi.yaml and
official-registry-api.md), and writes into `DIR` (default `catalog-drafts/`
in the working folder), and nowhere else:

- `new-<name>.py` for each active server no catalog entry is: the entry as
  `aido catalog import` prints it (roles `implementer`, trigger `never`, the
  tag `registry:NAME`), to review with [adding-an-entry.md](adding-an-entry.md)
  and `make verify-catalog`;
- `changed-<id>.py` for an entry the registry moved: the catalog's entry as it
  is, with the registry's newer package versions pinned and the `registry:NAME`
  tag added; its roles, triggers and sensitivity stay the catalog's;
- `deprecated-<id>.py` for an entry whose server is `deprecated` or `deleted`
  upstream: the entry with `deprecated=True`, and a note to pick `replaced_by`;
- `report.txt` and `report.json` (what `--json` prints,
  [`catalog-sync.schema.json`](schemas/catalog-sync.schema.json)): the drafts,
  each proposal for an existing entry (`version`: a newer release of a package
  it pins; `remote`: a remote URL it does not have; `deprecated`, with the
  registry's status message), the servers skipped and why (not a valid
  `server.json`, no npm, PyPI or OCI package and no remote, deprecated and not
  in the catalog, a status other than `active`, `deprecated` or `deleted`),
  and the entries already up to date;
- `.aido-sync.json`: per registry URL, the newest `updatedAt` seen. The next
  sync asks only `updated_since` it (the official registry then lists deleted
  servers too); `--full` reads everything again.

A registry server is a catalog entry when the entry has its tag
`registry:NAME`, or runs the same npm or PyPI package (any version), or the
same remote URL. Nothing is written until every page is in: a registry that
answers a malformed page (not JSON, the wrong shape, a cursor it already
sent, more than 500 pages, a page over 16 MiB or 256 MiB in all) or is too
slow ends the command with one sentence and exit 1, `DIR` as it was. Only a
server's latest version is read (an item marked `isLatest: false` is left
out). All of a sync's requests together get `AIDO_REGISTRY_TIMEOUT` seconds
(default 120 for a sync, 15 for the other commands). Upstream text is escaped in
the report and in the drafts' comments. `.github/workflows/catalog-sync.yml`
runs the sync weekly, keeps the state in the Actions cache and uploads
`catalog-drafts/` as an artifact.
"""

SECTIONS = (GAPS, SEARCH, SYNC)
