"""Shared baselines (issue 36): `extends = ["<source>"]`, pinned in `aido.lock`, cached per user.

`source` reads a source string, `git` runs git with safe options, `cache`
holds each locked baseline file under the user's state folder, `resolve`
turns a layer's `extends` into the layers under it (plan: cache only, never
the network), `layers` puts them under a file, `fetch` finds each ref's newest
commit, `moves` moves and compares the pins (`aido upgrade --baseline`, `aido outdated
--baseline`), `pins` says a pin's change in a line.
"""
