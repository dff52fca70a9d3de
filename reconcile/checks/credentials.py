"""Credentials inside values (SPEC §7): a URL's userinfo, a secret key's value in a query
string or DSN, a known token format, wherever they sit in a string.

`found(text)` locates them; `scrub(text, prefix)` replaces each with a `${NAME}`
reference the user fills in (import, `aido mcp add`), and `problem(label, text)` is
the refusal for a value that reaches a file as it stands (aido.toml's own values).
A `${NAME}` reference is never a credential.
"""

from __future__ import annotations

import re
from typing import NamedTuple
from urllib.parse import unquote

from aidokit.catalog.models import PLACEHOLDER_RE

# `scheme://netloc`: the netloc runs to the first `/`, `?`, `#` or space; its userinfo
# is what comes before its last `@` (urllib.parse.urlsplit's reading).
_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://(?P<netloc>[^/?#\s\"'<>]*)")
# `key=value` after the start, `?`, `&`, `;`, `,` or a space (query strings, ADO/JDBC and
# libpq DSNs, `--key=value` arguments); a quoted value runs to its closing quote.
_PAIR = re.compile(
    r"""(?:^|(?<=[?&;,\s]))(?P<key>-{0,2}[A-Za-z0-9_.%-]+)[ \t]*=[ \t]*"""
    r"""(?P<value>"[^"]*"|'[^']*'|[^&;,\s#"']*)"""
)
# Known token formats: provider prefixes (GitHub, GitLab, OpenAI/Anthropic, Stripe, Slack,
# AWS, npm, PyPI, Hugging Face, Google API keys) and JSON Web Tokens.
_TOKEN = re.compile(
    r"(?<![A-Za-z0-9_-])(?:"
    r"(?:ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|sk-|sk_live_|rk_live_|xox[abprs]-"
    r"|npm_|pypi-|hf_)[A-Za-z0-9_\-]{8,}"
    r"|AKIA[0-9A-Z]{12,}|AIza[0-9A-Za-z_\-]{30,}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)"
)
# Keys whose value is a credential, compared lower-case without `-`, `_`, `.` (apiKey,
# api_key, API-KEY, x-api-key all read `apikey`).
SECRET_KEYS = frozenset(
    {
        "password", "passwd", "pwd", "pass", "secret", "clientsecret", "token", "accesstoken",
        "authtoken", "refreshtoken", "idtoken", "sessiontoken", "apitoken", "apikey", "xapikey",
        "key", "accesskey", "secretkey", "accountkey", "sharedaccesskey", "privatekey", "auth",
        "authorization", "sig", "signature", "credential", "credentials", "bearer",
    }
)  # fmt: skip
_WEB = frozenset({"http", "https", "ws", "wss"})  # a bare userinfo there is a token


class Credential(NamedTuple):
    """Where a credential sits in a string, and what to call its reference."""

    start: int
    end: int
    key: str  # e.g. "password", "apiKey", "token"


def found(text: str) -> tuple[Credential, ...]:
    """Every credential in `text`, in order, none overlapping; references are not ones."""
    spans = [*_userinfo(text), *_pairs(text), *_tokens(text)]
    out: list[Credential] = []
    for span in sorted(spans, key=lambda c: (c.start, -c.end)):
        if out and span.start < out[-1].end:
            continue
        if not _reference(text[span.start : span.end]):
            out.append(span)
    return tuple(out)


def _reference(value: str) -> bool:
    """Whether `value` is empty or only `${NAME}` references (nothing literal to hide)."""
    return not PLACEHOLDER_RE.sub("", value).strip("\"' ")


def _userinfo(text: str) -> list[Credential]:
    spans = []
    for match in _URL.finditer(text):
        netloc = match.group("netloc")
        at = netloc.rfind("@")
        if at <= 0:
            continue
        start = match.start("netloc")
        user, colon, _ = netloc[:at].partition(":")
        if colon:
            spans.append(Credential(start + len(user) + 1, start + at, "password"))
        elif match.group("scheme").lower() in _WEB:
            spans.append(Credential(start, start + at, "token"))
    return spans


def _pairs(text: str) -> list[Credential]:
    spans = []
    for match in _PAIR.finditer(text):
        key = match.group("key")
        if normal(key) not in SECRET_KEYS:
            continue
        start, end = match.span("value")
        value = match.group("value")
        if value[:1] in "\"'" and len(value) >= 2:
            start, end = start + 1, end - 1
        if end > start:
            spans.append(Credential(start, end, key.lstrip("-")))
    return spans


def _unquote(text: str) -> str:
    """Percent-decoded `text`; urllib.parse (and its ipaddress) only when there is a `%`,
    so a plan that checks values imports neither (tests/reconcile/cli/test_cli.py)."""
    if "%" not in text:
        return text

    return unquote(text)


def normal(key: str) -> str:
    """`key` lower-case, percent-decoded, without `-`, `_`, `.` (`API-Key` -> `apikey`)."""
    return re.sub(r"[-_.]", "", _unquote(key)).lower()


def _tokens(text: str) -> list[Credential]:
    return [Credential(m.start(), m.end(), "token") for m in _TOKEN.finditer(text)]


def variable(prefix: str, key: str) -> str:
    """The reference's variable: `SHOP_DB` + `apiKey` -> `SHOP_DB_API_KEY`."""
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", _unquote(key))
    name = re.sub(r"[^A-Za-z0-9]+", "_", f"{prefix}_{words}").strip("_").upper()
    return name if name[:1].isalpha() else f"X_{name}"


def scrub(text: str, prefix: str, taken: set[str] | None = None) -> tuple[str, tuple[str, ...]]:
    """`text` with each credential replaced by `${NAME}` (NAME from `prefix` and its key,
    numbered past any in `taken`, which grows); the names it introduced."""
    taken = set() if taken is None else taken
    names: list[str] = []
    out, last = [], 0
    for cred in found(text):
        base = name = variable(prefix, cred.key)
        number = 2
        while name in taken:
            name, number = f"{base}_{number}", number + 1
        taken.add(name)
        names.append(name)
        out += [text[last : cred.start], "${" + name + "}"]
        last = cred.end
    out.append(text[last:])
    return "".join(out), tuple(names)


def problem(label: str, text: str) -> str | None:
    """The refusal for a literal credential in `text` (None when it holds none)."""
    creds = found(text)
    if not creds:
        return None
    key = creds[0].key
    return (
        f"{label} holds a literal credential ({key}); replace it with a reference such as "
        f"${{{variable('MY', key)}}} and set that variable in your environment"
    )
