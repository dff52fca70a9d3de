"""The hand-written sections of docs/catalog.md: finding servers and drafting entries.

Kept apart from the generated tables (catalog/docs.py) so the prose and the
data change in different files.
"""

from __future__ import annotations

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
Registry text
is shown escaped and cut to 200 characters; the registry gets
`AIDO_REGISTRY_TIMEOUT` seconds (default 15) for all of the command's
requests. `--json` prints [`search.schema.json`](schemas/search.schema.json).
"""

SECTIONS = (SEARCH,)
