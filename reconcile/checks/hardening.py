"""Input hardening (SPEC §7): values from `aido.toml` or a saved plan that reach a file.

Each check returns the problem as one sentence (or None), so pydantic
validators and the CLI can word the error in their own context.
"""

from __future__ import annotations

import ipaddress
import math
import re
from collections.abc import Iterator, Mapping
from typing import Any
from urllib.parse import urlsplit

from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import ID_RE, PLACEHOLDER_RE
from aidokit.reconcile.checks import credentials

# C0/C1 controls, DEL, line/paragraph separators and bidi overrides: they can
# break out of a TOML/JSON string in a careless writer, or hide what a
# confirmation prompt shows ("Trojan Source").
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
HEADER_NAME_RE = re.compile(r"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")
ENTRY_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$")
SECRET_PREFIXES = (
    "ghp_",
    "gho_",
    "ghu_",
    "ghs_",
    "ghr_",
    "github_pat_",
    "glpat-",
    "sk-",
    "sk_live_",
    "xoxa-",
    "xoxb-",
    "xoxp-",
    "xoxr-",
    "xoxs-",
    "AKIA",
)
CREDENTIAL_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-auth-token", "cookie"}
)
SECRET_NAME_RE = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY)", re.IGNORECASE)
TOKEN_RE = re.compile(r"[A-Za-z0-9_\-+/=.]+")
ENV_HINT = "use an environment reference such as 'Bearer ${API_TOKEN}' and set the variable"


def control_problem(label: str, value: str) -> str | None:
    """Say so when `value` holds a control, line-separator or bidi character."""
    found = CONTROL_RE.search(value)
    if found is None:
        return None
    return f"{label} contains the control character {excerpt(found.group())}; remove it"


def id_problem(value: str) -> str | None:
    """Say so when `value` is not a catalog-style slug (no quotes, dots, `]`, `/`)."""
    if ID_RE.fullmatch(value):
        return None
    return (
        f"invalid id {excerpt(value)}: ids are lower-case letters, digits and dashes "
        "(at most 63, starting with a letter or digit), like 'my-api'"
    )


def url_problem(url: str) -> str | None:
    """Say so unless `url` is https, or plain http to a loopback host, without credentials."""
    problem = control_problem(f"url {excerpt(url)}", url)
    if problem:
        return problem

    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return f"url {excerpt(url)} is not a valid URL"
    if parts.scheme not in ("https", "http") or not host:
        return f"url {excerpt(url)} must be an https:// URL with a host"
    shown = _hidden(url)
    if shown != url:  # SPEC §7: a credential in a URL is a secret; never repeat it
        return credentials.problem(f"url {excerpt(shown)}", url)
    if parts.scheme == "http" and not _loopback(host):
        return (
            f"url {excerpt(url)} must use https; plain http is only allowed to localhost, "
            "127.0.0.0/8 or ::1"
        )
    return None


def _hidden(text: str) -> str:
    """`text` with each credential shown as `***` (for messages that quote it)."""
    for cred in reversed(credentials.found(text)):
        text = text[: cred.start] + "***" + text[cred.end :]
    return text


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True

    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def header_problem(name: str, value: str) -> str | None:
    """Say so when a header name is not a token, or its value looks like a literal secret."""
    if not HEADER_NAME_RE.fullmatch(name):
        return f"header name {excerpt(name)} is not a valid HTTP header name"
    problem = control_problem(f"header {excerpt(name)}", value)
    if problem:
        return problem
    literal = PLACEHOLDER_RE.sub("", value)
    if secret_like(literal, entropy=True):
        return f"header {excerpt(name)} looks like it holds a literal secret; {ENV_HINT}"
    problem = credentials.problem(f"header {excerpt(name)}", value)
    if problem:
        return problem
    # `Bearer ${API_TOKEN}` is fine: only the scheme word is literal.
    if name.lower() in CREDENTIAL_HEADERS and literal == value and value.strip():
        return f"header {excerpt(name)} holds a literal credential; {ENV_HINT}"
    return None


def env_problem(name: str, value: str) -> str | None:
    """Say so when an env value has control characters or is a literal secret."""
    problem = control_problem(f"env {excerpt(name)}", value)
    if problem:
        return problem
    literal = PLACEHOLDER_RE.sub("", value)
    if literal == value and value and SECRET_NAME_RE.search(name):
        return f"env {excerpt(name)} holds a literal secret; use '${{{name}}}' and set the variable"
    if secret_like(literal, entropy=True):
        return (
            f"env {excerpt(name)} looks like it holds a literal secret; use '${{{name}}}' instead"
        )
    return credentials.problem(f"env {excerpt(name)}", value)


def arg_problem(index: int, value: str) -> str | None:
    """Say so when a command argument has control characters, a well-known token prefix
    or a credential inside it."""
    problem = control_problem(f"argument {index} ({excerpt(_hidden(value))})", value)
    if problem:
        return problem
    if secret_like(PLACEHOLDER_RE.sub("", value), entropy=False):
        return f"argument {index} looks like a literal secret; use an env reference like ${{TOKEN}}"
    return credentials.problem(f"argument {index}", value)


def secret_like(text: str, *, entropy: bool) -> bool:
    """Whether `text` holds a token with a secret prefix (or, with `entropy`, a random one)."""
    for token in TOKEN_RE.findall(text):
        bare = token.split("=", 1)[-1]
        if bare.startswith(SECRET_PREFIXES) and len(bare) >= 12:
            return True
        if entropy and len(bare) >= 24 and _entropy(bare) >= 4.0:
            return True
    return False


def _entropy(token: str) -> float:
    counts = {char: token.count(char) for char in set(token)}
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values())


def value_problems(value: Any, where: str) -> Iterator[str]:
    """Every control character in the keys and strings of a rendered entry."""
    if isinstance(value, str):
        problem = control_problem(where, value)
        if problem:
            yield problem
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from value_problems(str(key), f"{where} key")
            yield from value_problems(item, f"{where}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from value_problems(item, f"{where}[{index}]")


def entry_name_problem(name: str) -> str | None:
    """Say so when an entry name aido is about to write could inject a key or a path."""
    if ENTRY_NAME_RE.fullmatch(name):
        return None
    return f"entry name {excerpt(name)} is not a plain name (letters, digits, '-' and '_')"


# pydantic AfterValidators for `[custom.<id>]` (reconcile/read/choices/config.py): raise ValueError.


def _raise(problem: str | None) -> None:
    if problem:
        raise ValueError(problem)


def safe_url(url: str) -> str:
    """Accept https URLs, and http only to loopback."""
    _raise(url_problem(url))
    return url


def safe_headers(headers: dict[str, str]) -> dict[str, str]:
    """Accept header names that are tokens and values that are not literal secrets."""
    for name, value in headers.items():
        _raise(header_problem(name, value))
    return headers


def safe_command(command: str) -> str:
    """Accept a non-empty command without control characters."""
    _raise("command must not be empty" if not command.strip() else None)
    _raise(control_problem("command", command))
    return command


def safe_args(args: tuple[str, ...]) -> tuple[str, ...]:
    """Accept arguments without control characters or literal secrets."""
    for index, value in enumerate(args):
        _raise(arg_problem(index, value))
    return args


def safe_env(env: dict[str, str]) -> dict[str, str]:
    """Accept env values without control characters or literal secrets."""
    for name, value in env.items():
        _raise(env_problem(name, value))
    return env


def check_custom_kind(
    url: str | None,
    command: str | None,
    args: tuple[str, ...],
    env: Mapping[str, str],
    headers: Mapping[str, str],
) -> None:
    """A custom server is either remote (url, headers) or local (command, args, env)."""
    if (url is None) == (command is None):
        raise ValueError("set exactly one of `url` (remote) or `command` (local process)")
    if url is not None and (args or env):
        raise ValueError("`args` and `env` are for `command`; a `url` server takes `headers`")
    if command is not None and headers:
        raise ValueError("`headers` are for `url`; a `command` server takes `env`")
