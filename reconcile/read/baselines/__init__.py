"""Shared baselines (issue 36): `extends = ["<source>"]`, pinned in `aido.lock`, cached per user.

`source` reads a source string, `git` runs git with safe options, `cache`
holds each locked baseline file under the user's state folder, `resolve`
turns a layer's `extends` into the layers under it (plan: cache only, never
the network), `fetch` moves and compares pins (`aido upgrade --baseline`,
`aido outdated --baseline`).
"""
