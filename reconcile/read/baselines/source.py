"""A baseline source as `extends` names it: a git repository at a ref and a path, or a file.

`git+https://host/org/repo#ref:path`, `git+ssh://git@host/org/repo#ref:path`,
`git+file:///srv/base#ref:path`, or a local path (relative to the file that
names it). `#ref` defaults to `HEAD`, `:path` to `aido.toml`. Everything in a
source is checked before git ever sees it (SPEC §7): no option-like part, no
credentials in the URL, no control characters, no `..` in the path.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import NamedTuple

from aidokit.catalog.errors import excerpt

SCHEMES = ("https", "ssh", "file")
DEFAULT_REF = "HEAD"
DEFAULT_PATH = "aido.toml"
MAX_LENGTH = 1000
# A git ref name (git check-ref-format, narrowed) or a commit id.
_REF = re.compile(r"^(?!-)(?!.*\.\.)(?!.*//)[A-Za-z0-9._/-]{1,200}(?<![./])$")
_PATH_PART = re.compile(r"^(?!-)[A-Za-z0-9._+@-]{1,255}$")
_HOST = re.compile(r"^(?!-)[A-Za-z0-9.-]{1,253}(?::[0-9]{1,5})?$")
_URL_PATH = re.compile(r"^/[A-Za-z0-9._~+@/-]*$")


class Source(NamedTuple):
    """One parsed source; `text` is how `extends` wrote it (its key in `aido.lock`)."""

    text: str
    kind: str  # "git" | "path"
    url: str = ""  # the git URL without `git+` and the fragment
    ref: str = DEFAULT_REF
    path: str = DEFAULT_PATH  # inside the repository, or the local path as written

    @property
    def scheme(self) -> str:
        """`https`, `ssh` or `file` for a git source; "" for a local path."""
        return self.url.partition("://")[0] if self.kind == "git" else ""

    @property
    def file_path(self) -> str:
        """The local folder of a `git+file://` repository (its URL path)."""
        return self.url.removeprefix("file://")


def parse_source(text: str) -> Source:
    """`text` as a Source; raises ValueError with one sentence saying what is wrong."""
    if not isinstance(text, str) or not text:
        raise ValueError("a baseline source is a non-empty string")
    if len(text) > MAX_LENGTH or not text.isprintable() or text != text.strip():
        raise ValueError(f"baseline source {excerpt(text)} has control characters or spaces")
    if text.startswith("git+"):
        return _git(text)
    if "://" in text or text.startswith(("git@", "-")):
        raise ValueError(
            f"baseline source {excerpt(text)} is neither git+https://, git+ssh://, "
            "git+file:// nor a local path"
        )
    return Source(text, "path", path=_relative(text, text, local=True))


def check_source(text: str) -> str:
    """`extends` item check for the config model: the text when it parses."""
    parse_source(text)
    return text


def _git(text: str) -> Source:
    url, _, fragment = text.removeprefix("git+").partition("#")
    scheme, sep, rest = url.partition("://")
    if not sep or scheme not in SCHEMES:
        raise ValueError(
            f"baseline source {excerpt(text)}: use git+https://, git+ssh:// or git+file://"
        )
    ref, _, path = fragment.partition(":")
    ref = ref or DEFAULT_REF
    if not _REF.match(ref):
        raise ValueError(f"baseline source {excerpt(text)} has an invalid ref {excerpt(ref)}")
    path = _relative(path or DEFAULT_PATH, text, local=False)
    host, slash, where = rest.partition("/")
    if scheme == "file":
        if host not in ("", "localhost"):
            raise ValueError(f"baseline source {excerpt(text)}: use git+file:///absolute/path")
        url = "file://" + _url_path("/" + where, text)
    else:
        user, at, hostname = host.rpartition("@")
        if ":" in user or (at and scheme == "https"):
            raise ValueError(
                f"baseline source {excerpt(text)} carries credentials in its URL; remove them "
                "and let git's credential helper or ssh agent supply them"
            )
        if at and not _PATH_PART.match(user):
            raise ValueError(f"baseline source {excerpt(text)} has an invalid user name")
        if not slash or not _HOST.match(hostname):
            raise ValueError(f"baseline source {excerpt(text)} has an invalid host")
        url = f"{scheme}://{host}{_url_path('/' + where, text)}"
    return Source(text, "git", url=url, ref=ref, path=path)


def _url_path(where: str, text: str) -> str:
    parts = [part for part in where.split("/") if part]
    if not _URL_PATH.match(where) or not parts or ".." in parts:
        raise ValueError(f"baseline source {excerpt(text)} has an invalid repository path")
    return where


def _relative(path: str, text: str, *, local: bool) -> str:
    """A relative path without `..`; a local path may also be absolute (the user's own file)."""
    pure = PurePosixPath(path.replace("\\", "/"))
    parts = [part for part in pure.parts if part != "/"]
    absolute = pure.is_absolute()
    if not parts or ".." in parts or (absolute and not local):
        raise ValueError(
            f"baseline source {excerpt(text)} has an invalid path {excerpt(path)}: "
            "name a file inside the repository without '..'"
        )
    if not local and not all(_PATH_PART.match(part) for part in parts):
        raise ValueError(f"baseline source {excerpt(text)} has an invalid path {excerpt(path)}")
    return path
