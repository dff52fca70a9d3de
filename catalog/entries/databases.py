"""Databases, ORMs and vector stores.

Part of the curated catalog (`aidokit.catalog.entries`, SPEC §3); the comment
above each entry says what was checked and when (docs/adding-an-entry.md).
"""

from __future__ import annotations

from aidokit.catalog.install import everywhere
from aidokit.catalog.models import EnvVar, MCPDef, RemoteSpec
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
    # Supabase's hosted server, the setup its README gives (github.com/supabase/mcp:
    # https://mcp.supabase.com/mcp, sign-in in the harness; checked 2026-12-03); it can change
    # the database. Claude Desktop keeps npm @supabase/mcp-server-supabase 0.13.0 (checked
    # 2026-11-30), which reads SUPABASE_ACCESS_TOKEN.
    MCPDef(
        id="supabase",
        name="Supabase",
        purpose="Manage Supabase projects: SQL, migrations, edge functions (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(supabase)",),
        security_sensitive=True,
        install={
            **everywhere(RemoteSpec(url="https://mcp.supabase.com/mcp")),
            "claude-desktop": npx(
                "@supabase/mcp-server-supabase@0.13.0", env=passthrough("SUPABASE_ACCESS_TOKEN")
            ),
        },
        env=(
            secret(
                "SUPABASE_ACCESS_TOKEN",
                "Supabase personal access token (only Claude Desktop's local server reads it)",
                required=False,
            ),
        ),
        homepage="https://github.com/supabase-community/supabase-mcp",
        tags=("database", "write-access"),
    ),
    # Neon's hosted server at mcp.neon.tech (neondatabase/mcp-server-neon's remote server,
    # OAuth, streamable HTTP at /mcp; checked 2026-12-03): creates and drops projects and
    # branches, runs SQL. It replaces npm @neondatabase/mcp-server-neon 0.6.5, whose API key
    # was an argument (no Claude Desktop spec: that harness takes no remote server and cannot
    # reference a variable in an argument).
    MCPDef(
        id="neon",
        name="Neon",
        purpose="Manage Neon Postgres projects and branches and run SQL (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("never",),
        security_sensitive=True,
        install=everywhere(RemoteSpec(url="https://mcp.neon.tech/mcp")),
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
    # ---- issue 37, checked 2026-12-03 (`npm view` / the PyPI JSON API for each pin, the
    # vendor's own documentation; `make verify-catalog` re-checks them).
    # PyPI postgres-mcp 0.3.0 checked 2026-12-03: its README's restricted mode limits
    # execute_sql to read-only transactions with a time limit, so this variant only reads.
    MCPDef(
        id="postgres-readonly",
        name="Postgres MCP Pro (read-only)",
        purpose="Explore schemas, explain and tune queries, and run read-only SQL on PostgreSQL",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("stack.has(postgres)",),
        install=everywhere(
            uvx(
                "postgres-mcp==0.3.0",
                "--access-mode=restricted",
                env=passthrough("DATABASE_URI"),
            )
        ),
        env=(secret("DATABASE_URI", "PostgreSQL connection URI (includes the password)"),),
        homepage="https://github.com/crystaldba/postgres-mcp",
        tags=("database", "read-only"),
    ),
    # npm mongodb-mcp-server 3.0.4 checked 2026-12-03: its README's examples all pass
    # --readOnly ("safe, read-only access"); Atlas tools stay off without Atlas credentials.
    MCPDef(
        id="mongodb-readonly",
        name="MongoDB (read-only)",
        purpose="Query, aggregate and inspect MongoDB collections and indexes, read-only",
        suggested_for=("implementer", "architect", "tester-reviewer"),
        triggers=("stack.has(mongodb)",),
        install=everywhere(
            npx(
                "mongodb-mcp-server@3.0.4",
                "--readOnly",
                env=passthrough("MDB_MCP_CONNECTION_STRING"),
            )
        ),
        env=(secret("MDB_MCP_CONNECTION_STRING", "MongoDB connection string"),),
        homepage="https://github.com/mongodb-js/mongodb-mcp-server",
        tags=("database", "read-only"),
    ),
    # PyPI redis-mcp-server 0.5.1 checked 2026-12-03 (Redis's own; README: uvx, REDIS_HOST,
    # REDIS_PORT, REDIS_USERNAME, REDIS_PWD). Sets, deletes and publishes: security-sensitive.
    MCPDef(
        id="redis",
        name="Redis",
        purpose="Read and change Redis keys, hashes, lists, streams and pub/sub (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(redis)",),
        security_sensitive=True,
        install=everywhere(
            uvx(
                "--from",
                "redis-mcp-server==0.5.1",
                "redis-mcp-server",
                env=passthrough("REDIS_HOST", "REDIS_PORT", "REDIS_USERNAME", "REDIS_PWD"),
            )
        ),
        env=(
            EnvVar(name="REDIS_HOST", description="Redis host name"),
            EnvVar(name="REDIS_PORT", description="Redis port, e.g. 6379"),
            EnvVar(name="REDIS_USERNAME", description="Redis user", required=False),
            secret("REDIS_PWD", "Redis password", required=False),
        ),
        homepage="https://github.com/redis/mcp-redis",
        tags=("database", "cache", "write-access"),
    ),
    # PyPI mcp-neo4j-cypher 0.6.0 checked 2026-12-03 (Neo4j's; README: NEO4J_URI,
    # NEO4J_USERNAME, NEO4J_PASSWORD; NEO4J_READ_ONLY=true removes write_neo4j_cypher).
    MCPDef(
        id="neo4j-readonly",
        name="Neo4j Cypher (read-only)",
        purpose="Read a Neo4j graph's schema and run read-only Cypher queries",
        suggested_for=("implementer", "researcher"),
        triggers=("stack.has(neo4j)",),
        install=everywhere(
            uvx(
                "mcp-neo4j-cypher==0.6.0",
                "--transport",
                "stdio",
                env={
                    "NEO4J_READ_ONLY": "true",
                    **passthrough("NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD"),
                },
            )
        ),
        env=(
            EnvVar(name="NEO4J_URI", description="Neo4j URI, e.g. bolt://localhost:7687"),
            EnvVar(name="NEO4J_USERNAME", description="Neo4j user"),
            secret("NEO4J_PASSWORD", "Neo4j password"),
        ),
        homepage="https://github.com/neo4j-contrib/mcp-neo4j",
        tags=("database", "graph", "read-only"),
    ),
    # PyPI chroma-mcp 0.2.6 checked 2026-12-03 (Chroma's; README: --client-type ephemeral or
    # persistent with --data-dir). Persistent here, in the project's .chroma folder.
    MCPDef(
        id="chroma",
        name="Chroma",
        purpose="Create and search Chroma vector collections kept in the project",
        suggested_for=("researcher", "implementer"),
        triggers=("stack.has(chroma)",),
        install=everywhere(
            uvx(
                "chroma-mcp==0.2.6",
                "--client-type",
                "persistent",
                "--data-dir",
                ".chroma",
            )
        ),
        homepage="https://github.com/chroma-core/chroma-mcp",
        tags=("database", "vector", "memory"),
    ),
    # npm @pinecone-database/mcp 0.3.0 checked 2026-12-03 (bin `pinecone-mcp`; README:
    # PINECONE_API_KEY, docs search works without it). Creates indexes and upserts records:
    # security-sensitive.
    MCPDef(
        id="pinecone",
        name="Pinecone",
        purpose="Search Pinecone docs, create indexes, upsert and search records (read-write)",
        suggested_for=("implementer", "architect"),
        triggers=("stack.has(pinecone)",),
        security_sensitive=True,
        install=everywhere(
            npx("@pinecone-database/mcp@0.3.0", env=passthrough("PINECONE_API_KEY"))
        ),
        env=(secret("PINECONE_API_KEY", "Pinecone API key", required=False),),
        homepage="https://github.com/pinecone-io/pinecone-mcp",
        tags=("database", "vector", "write-access"),
    ),
    # npm firebase-tools 15.34.2 checked 2026-12-03 (the Firebase CLI, mcpName
    # io.github.firebase/firebase-mcp; Firebase's docs: `npx -y firebase-tools@latest mcp`,
    # pinned here). Acts with the `firebase login` account: security-sensitive.
    MCPDef(
        id="firebase",
        name="Firebase",
        purpose="Manage Firebase projects: Firestore, Auth users, rules, hosting (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(firebase)",),
        security_sensitive=True,
        install=everywhere(npx("firebase-tools@15.34.2", "mcp")),
        homepage="https://github.com/firebase/firebase-tools",
        tags=("database", "cloud", "write-access"),
    ),
    # npm convex 1.51.0 checked 2026-12-03 (the Convex CLI; docs.convex.dev/ai/convex-mcp-server:
    # `npx -y convex@latest mcp start`, pinned here). Runs functions and reads and writes
    # deployment data: security-sensitive.
    MCPDef(
        id="convex",
        name="Convex",
        purpose="Inspect Convex tables, run functions and read logs of a deployment (read-write)",
        suggested_for=("implementer",),
        triggers=("stack.has(convex)",),
        security_sensitive=True,
        install=everywhere(npx("convex@1.51.0", "mcp", "start")),
        homepage="https://docs.convex.dev/ai/convex-mcp-server",
        tags=("database", "write-access"),
    ),
)
