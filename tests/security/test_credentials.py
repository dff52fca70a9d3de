"""Credentials inside values (SPEC §7, issue 32 §4, issue 30 §5): a URL's userinfo, a secret
key in a query string or DSN, a known token format; found over generated URLs and DSNs and
replaced by references."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aidokit.reconcile.checks import credentials, hardening
from tests.fuzz import fuzz_settings

SCHEMES = ["https", "http", "wss", "postgresql", "postgres", "mysql", "mongodb+srv", "redis",
           "amqp", "sqlserver", "jdbc:postgresql"]  # fmt: skip
KEYS = ["password", "Password", "PASSWORD", "passwd", "pwd", "apiKey", "api_key", "API-KEY",
        "apikey", "x-api-key", "token", "access_token", "accessToken", "auth_token", "secret",
        "client_secret", "key", "sig", "private_key", "sharedAccessKey"]  # fmt: skip
_SAFE = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1)
hosts = st.sampled_from(["localhost", "db.example.com", "127.0.0.1", "[::1]", "h.io:5432"])
secrets = st.text(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$*()+@:/ ~-_.",
    min_size=1,
    max_size=24,
).filter(lambda s: "${" not in s)


def _encoded(text: str, percent: bool) -> str:
    return quote(text, safe="") if percent else quote(text, safe="!$*()+~-_.")


@given(
    scheme=st.sampled_from(SCHEMES),
    user=_SAFE,
    secret=secrets,
    host=hosts,
    percent=st.booleans(),
    tail=st.sampled_from(["", "/shop", "/db?sslmode=require", "/mcp#x"]),
)
@fuzz_settings(300)
def test_a_userinfo_password_is_found_and_replaced(
    scheme: str, user: str, secret: str, host: str, percent: bool, tail: str
) -> None:
    """`scheme://user:PASS@host/...`: the password (percent-encoded or not) becomes a
    reference, and the user, host and path stay as they were."""
    password = _encoded(secret, percent)
    url = f"{scheme}://{user}:{password}@{host}{tail}"
    scrubbed, names = credentials.scrub(url, "shop-db")
    assert scrubbed == f"{scheme}://{user}:${{SHOP_DB_PASSWORD}}@{host}{tail}"
    assert names == ("SHOP_DB_PASSWORD",)
    assert credentials.found(scrubbed) == ()


@given(
    key=st.sampled_from(KEYS),
    secret=st.text("abcdefghijklmnopqrstuvwxyz0123456789-_.~%", min_size=1, max_size=30),
    before=st.sampled_from(["", "v=1&", "a=b&c=&"]),
    after=st.sampled_from(["", "&v=2", "#frag"]),
    encode_key=st.booleans(),
)
@fuzz_settings(300)
def test_a_secret_query_key_is_found_whatever_its_spelling(
    key: str, secret: str, before: str, after: str, encode_key: bool
) -> None:
    """`?apiKey=...` in any spelling (case, `-`/`_`, percent-encoded key) is a credential;
    only its value is replaced."""
    shown_key = "".join(f"%{ord(c):02X}" for c in key) if encode_key else key
    url = f"https://mcp.example.com/mcp?{before}{shown_key}={secret}{after}"
    scrubbed, names = credentials.scrub(url, "my-api")
    assert scrubbed == url.replace(f"={secret}{after}", f"=${{{names[0]}}}{after}", 1)
    assert names[0].startswith("MY_API_")
    assert hardening.url_problem(url) is not None
    assert hardening.url_problem(scrubbed) is None


@given(
    key=st.sampled_from(["Password", "Pwd", "password"]),
    secret=st.text("abcdefghijklmnopqrstuvwxyz0123456789!*@-", min_size=1, max_size=20),
    quoted=st.booleans(),
    style=st.sampled_from([";", " "]),
)
@fuzz_settings(200)
def test_a_dsn_password_is_found(key: str, secret: str, quoted: bool, style: str) -> None:
    """ADO/JDBC (`;`) and libpq (space) connection strings: the password value is replaced."""
    value = f'"{secret}"' if quoted else secret
    dsn = style.join(["Server=db", f"{key}={value}", "Database=shop"])
    scrubbed, names = credentials.scrub(dsn, "db")
    name = "DB_" + key.upper()
    reference = f'"${{{name}}}"' if quoted else f"${{{name}}}"
    assert scrubbed == style.join(["Server=db", f"{key}={reference}", "Database=shop"])
    assert names == (name,)


@pytest.mark.parametrize(
    "text",
    [
        "ghp_abcdefghijklmnopqrstuvwxyz0123",
        "Bearer sk-abcdefghijklmnopqrstuv",
        "--token=xoxb-123456789012-abcdefgh",
        "AKIAABCDEFGHIJKLMNOP",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV",
    ],
)
def test_known_token_formats_are_credentials(text: str) -> None:
    """Provider token prefixes and JSON Web Tokens are credentials wherever they sit."""
    assert credentials.found(text)


@pytest.mark.parametrize(
    "text",
    [
        "https://mcp.example.com/mcp",
        "postgresql://shop@localhost/shop",
        "postgresql://shop:${SHOP_PASSWORD}@localhost/shop",
        "https://h.io/mcp?apiKey=${API_KEY}&v=1",
        "--access-mode=unrestricted",
        "host=localhost dbname=shop",
        "https://example.com/search?q=password",
    ],
)
def test_references_and_plain_values_are_not_credentials(text: str) -> None:
    """A `${NAME}` reference, a user without a password, and ordinary values are no secret."""
    assert credentials.found(text) == ()


def test_names_stay_unique_within_one_entry() -> None:
    """Two credentials of one key in one entry get numbered references."""
    taken: set[str] = set()
    first, _ = credentials.scrub("a://u:p@h", "x", taken)
    second, names = credentials.scrub("b://v:q@h", "x", taken)
    assert (first, second, names) == (
        "a://u:${X_PASSWORD}@h",
        "b://v:${X_PASSWORD_2}@h",
        ("X_PASSWORD_2",),
    )


@pytest.mark.parametrize(
    ("check", "args"),
    [
        (hardening.url_problem, ("https://u:p4ss@h.io/mcp",)),
        (hardening.url_problem, ("https://h.io/mcp?token=abc123",)),
        (hardening.env_problem, ("DATABASE_URI", "postgresql://shop:shop@localhost/shop")),
        (hardening.arg_problem, (0, "postgresql://shop:shop@localhost/shop")),
        (hardening.header_problem, ("X-Target", "https://h.io/?apiKey=abc")),
    ],
)
def test_aido_toml_values_with_a_credential_are_refused(
    check: object, args: tuple[object, ...]
) -> None:
    """A literal credential in an aido.toml url, env value, argument or header is refused,
    and the message never repeats the secret."""
    problem = check(*args)  # type: ignore[operator]
    assert problem and "credential" in problem
    assert "p4ss" not in problem and "abc123" not in problem and ":shop@" not in problem
