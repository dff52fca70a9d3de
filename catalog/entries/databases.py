"""Databases, ORMs and vector stores.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef
from aidokit.catalog.spec_helpers import npx, passthrough, secret, uvx

ENTRIES: tuple[MCPDef, ...] = (
    # PyPI postgres-mcp 0.3.0 checked 2026-11-30 (needs Python >= 3.12, which uvx
    # provides). `--access-mode=unrestricted` allows writes: security-sensitive.
    MCPDef(
        id="postgres-mcp",
        name="Postgres MCP Pro",
        purpose="Query, tune and change a PostgreSQL database (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(postgres)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "postgres-mcp==0.3.0",
                "--access-mode=unrestricted",
                env=passthrough("DATABASE_URI"),
            )
        ),
        env=(secret("DATABASE_URI", "PostgreSQL connection URI (includes the password)"),),
        homepage="https://github.com/crystaldba/postgres-mcp",
        tags=("database", "write-access"),
    ),
    # npm @modelcontextprotocol/server-postgres 0.6.2 checked 2026-11-30: archived
    # reference server (read-only SQL), connection URL as its one argument.
    MCPDef(
        id="postgres",
        name="PostgreSQL (archived)",
        purpose="Read-only SQL against PostgreSQL; superseded by Postgres MCP Pro",
        suggested_for=("implementer",),
        triggers=("never",),
        # The URL is an argument: only harnesses that expand env references in args.
        install=everywhere(npx("@modelcontextprotocol/server-postgres@0.6.2", "${POSTGRES_URL}")),
        env=(secret("POSTGRES_URL", "PostgreSQL connection URL (includes the password)"),),
        homepage="https://github.com/modelcontextprotocol/servers-archived",
        tags=("database", "archived"),
        deprecated=True,
        replaced_by="postgres-mcp",
    ),
    # npm @supabase/mcp-server-supabase 0.13.0 checked 2026-11-30 (reads
    # SUPABASE_ACCESS_TOKEN); without --read-only it can change the database.
    MCPDef(
        id="supabase",
        name="Supabase",
        purpose="Manage Supabase projects: SQL, migrations, edge functions (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(supabase)",),
        security_sensitive=True,
        install=everywhere(
            npx("@supabase/mcp-server-supabase@0.13.0", env=passthrough("SUPABASE_ACCESS_TOKEN"))
        ),
        env=(secret("SUPABASE_ACCESS_TOKEN", "Supabase personal access token"),),
        homepage="https://github.com/supabase-community/supabase-mcp",
        tags=("database", "write-access"),
    ),
    # npm @neondatabase/mcp-server-neon 0.6.5 (`start <NEON_API_KEY>`): creates and
    # drops projects and branches, runs SQL. The key is an argument, so only
    # harnesses that expand references in args.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="neon",
        name="Neon",
        purpose="Manage Neon Postgres projects and branches and run SQL (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(npx("@neondatabase/mcp-server-neon@0.6.5", "start", "${NEON_API_KEY}")),
        env=(secret("NEON_API_KEY", "Neon API key"),),
        homepage="https://github.com/neondatabase/mcp-server-neon",
        tags=("database", "write-access"),
    ),
    # npm mongodb-mcp-server 3.0.4 (reads MDB_MCP_CONNECTION_STRING); read-write by default.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="mongodb",
        name="MongoDB",
        purpose="Query and change MongoDB databases and Atlas clusters (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(mongodb)",),
        security_sensitive=True,
        install=everywhere(
            npx("mongodb-mcp-server@3.0.4", env=passthrough("MDB_MCP_CONNECTION_STRING"))
        ),
        env=(secret("MDB_MCP_CONNECTION_STRING", "MongoDB connection string"),),
        homepage="https://github.com/mongodb-js/mongodb-mcp-server",
        tags=("database", "write-access"),
    ),
    # npm prisma 7.10.1: `prisma mcp` runs migrations, including migrate reset.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="prisma",
        name="Prisma",
        purpose="Prisma schema migrations and database status (can reset the database)",
        suggested_for=("implementer",),
        triggers=("stack.has(prisma)",),
        security_sensitive=True,
        install=everywhere(npx("prisma@7.10.1", "mcp")),
        homepage="https://www.prisma.io/docs/postgres/integrations/mcp-server",
        tags=("database", "write-access"),
    ),
    # PyPI mcp-server-qdrant 0.8.1 (QDRANT_URL, QDRANT_API_KEY, COLLECTION_NAME as in
    # its README); stores and finds memories in a Qdrant collection.
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="qdrant",
        name="Qdrant",
        purpose="Semantic memory stored in and searched from a Qdrant collection",
        suggested_for=("researcher", "architect"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "mcp-server-qdrant==0.8.1",
                env=passthrough("QDRANT_URL", "QDRANT_API_KEY", "COLLECTION_NAME"),
            )
        ),
        env=(
            EnvVar(name="QDRANT_URL", description="Qdrant server URL"),
            secret("QDRANT_API_KEY", "Qdrant API key", required=False),
            EnvVar(name="COLLECTION_NAME", description="collection to store memories in"),
        ),
        homepage="https://github.com/qdrant/mcp-server-qdrant",
        tags=("memory", "database"),
    ),
    # PyPI mcp-clickhouse 0.7.0 (CLICKHOUSE_HOST/USER/PASSWORD; read-only queries).
    # Checked 2026-11-30 (issue 19): version on its registry, URL on vendor docs.
    MCPDef(
        id="clickhouse",
        name="ClickHouse",
        purpose="Explore ClickHouse databases and run read-only SQL",
        suggested_for=("researcher", "implementer"),
        triggers=("never",),
        install=everywhere(
            uvx(
                "mcp-clickhouse==0.7.0",
                env=passthrough("CLICKHOUSE_HOST", "CLICKHOUSE_USER", "CLICKHOUSE_PASSWORD"),
            )
        ),
        env=(
            EnvVar(name="CLICKHOUSE_HOST", description="ClickHouse host name"),
            EnvVar(name="CLICKHOUSE_USER", description="ClickHouse user"),
            secret("CLICKHOUSE_PASSWORD", "ClickHouse password"),
        ),
        homepage="https://github.com/ClickHouse/mcp-clickhouse",
        tags=("database",),
    ),
)
