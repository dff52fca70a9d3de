"""Environment variables that change what a launcher loads or installs (issue 30 §1, SPEC §7).

`NODE_OPTIONS=--require ./evil.js` runs a file before the server, and
`npm_config_registry` or `UV_INDEX_URL` install it from elsewhere: setting one
changes what runs as much as `command` does. An entry that sets one from
repository input (`[override.<id>] env`) is security-sensitive: written only
after the typed confirmation, which is bound to the exact entry's digest.
Custom servers are sensitive anyway, and a lock or saved plan that adds env
to a catalog entry no longer matches the catalog's rendering (pins.py,
provenance.py). The sources of each name are in docs/security.md.

Names compare case-insensitively: npm reads `npm_config_*` in any case, and
Windows' environment ignores case; on POSIX an odd-case name is merely
confirmed once more than needed.
"""

from __future__ import annotations

from collections.abc import Iterable

NAMES = frozenset(
    {
        # shells: files or commands a shell runs before the server
        "BASH_ENV",
        "ENV",
        "ZDOTDIR",
        "PROMPT_COMMAND",
        "SHELLOPTS",
        "BASHOPTS",
        "PS4",
        # where programs and their configuration are found
        "PATH",
        "HOME",
        "USERPROFILE",
        "APPDATA",
        "XDG_CONFIG_HOME",
        # node
        "NODE_OPTIONS",
        "NODE_PATH",
        "NODE_EXTRA_CA_CERTS",
        "NODE_TLS_REJECT_UNAUTHORIZED",
        # python
        "PYTHONPATH",
        "PYTHONHOME",
        "PYTHONSTARTUP",
        "PYTHONUSERBASE",
        "PYTHONPLATLIBDIR",
        "PYTHONWARNINGS",
        "PYTHONBREAKPOINT",
        "PYTHONINSPECT",
        # which certificates a download trusts
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
        "REQUESTS_CA_BUNDLE",
        "CURL_CA_BUNDLE",
    }
)
PREFIXES = (
    "LD_",  # the dynamic loader: LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT, ...
    "DYLD_",  # macOS's dyld: DYLD_INSERT_LIBRARIES, DYLD_LIBRARY_PATH, ...
    "BASH_FUNC_",  # functions exported to bash
    "NPM_CONFIG_",  # every npm setting (registry, userconfig, prefix, ...), any case
    "YARN_",
    "COREPACK_",
    "PIP_",  # every pip option (PIP_INDEX_URL, PIP_EXTRA_INDEX_URL, PIP_FIND_LINKS, ...)
    "UV_",  # every uv setting (UV_INDEX*, UV_DEFAULT_INDEX, UV_FIND_LINKS, UV_PYTHON*, ...)
    "DOCKER_",  # DOCKER_HOST, DOCKER_CONFIG, DOCKER_CONTEXT, ...
    "GIT_",  # GIT_SSH_COMMAND, GIT_EXEC_PATH, GIT_CONFIG_*, GIT_ASKPASS, ...
)


def changes_what_runs(name: str) -> bool:
    """Whether setting the variable `name` changes what a launcher loads or installs."""
    upper = name.upper()
    return upper in NAMES or upper.startswith(PREFIXES)


def launch_variables(names: Iterable[str]) -> list[str]:
    """The names among `names` that change what runs, sorted."""
    return sorted(name for name in names if changes_what_runs(name))
