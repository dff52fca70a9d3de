"""Ask npm or PyPI for a package's latest published version (`aido outdated --registry`).

Plain stdlib HTTP through `download.py` (one deadline per registry for the whole
command, `AIDO_REGISTRY_TIMEOUT`; answers capped in size). Answers are parsed
without a traceback however deep they nest, and read field by field. The base URLs can be pointed
elsewhere (a mirror, or the tests' fake registry on 127.0.0.1) with
`AIDO_NPM_REGISTRY` and `AIDO_PYPI_URL`.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request

from aidokit.catalog.errors import excerpt
from aidokit.catalog.models import Package
from aidokit.reconcile.remote.download import (
    MAX_ANSWER,
    Deadlines,
    RegistryError,
    TooBig,
    download,
)

NPM_DEFAULT = "https://registry.npmjs.org"
PYPI_DEFAULT = "https://pypi.org"
# npm's semver and PEP 440 both fit in this; anything else is not a version to print.
_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z.!+_-]{0,63}")
_OFFLINE = "run aido outdated without --registry to compare with the catalog only"


def latest_version(package: Package, deadlines: Deadlines) -> str:
    """The newest published version of `package` on its registry."""
    if package.registry == "npm":
        where = "the npm registry"
        base = os.environ.get("AIDO_NPM_REGISTRY", NPM_DEFAULT).rstrip("/")
        data = _get(
            f"{base}/{urllib.parse.quote(package.name, safe='@')}", where, package, deadlines
        )
        version = _field(data, "dist-tags", "latest")
    else:
        where = "PyPI"
        base = os.environ.get("AIDO_PYPI_URL", PYPI_DEFAULT).rstrip("/")
        data = _get(
            f"{base}/pypi/{urllib.parse.quote(package.name)}/json", where, package, deadlines
        )
        version = _field(data, "info", "version")
    if not isinstance(version, str) or not _VERSION.fullmatch(version):
        got = "no latest version" if version is None else f"the version {excerpt(version)}"
        raise RegistryError(
            f"{where} gave {got} for {package.name}; "
            "try again later or run aido outdated without --registry"
        )
    return version


def _field(data: object, outer: str, inner: str) -> object:
    """`data[outer][inner]` when both are objects, else None."""
    part = data.get(outer) if isinstance(data, dict) else None
    return part.get(inner) if isinstance(part, dict) else None


def _get(url: str, where: str, package: Package, deadlines: Deadlines) -> object:
    if not url.startswith(("https://", "http://")):
        raise RegistryError(
            f"the {where} URL {excerpt(url)} is not http(s); fix AIDO_NPM_REGISTRY or AIDO_PYPI_URL"
        )
    left = deadlines.left(where)
    if left <= 0:
        raise _late(where, url, deadlines)
    try:
        body = download(url, left)
    except TooBig:
        raise RegistryError(
            f"{where} sent more than {MAX_ANSWER >> 20} MiB for {package.name}; no package's "
            "metadata is that large, check AIDO_NPM_REGISTRY or AIDO_PYPI_URL"
        ) from None
    except urllib.error.HTTPError as exc:
        raise RegistryError(
            f"{where} answered {exc.code} for {package.name}; check the package name "
            "or run aido outdated without --registry"
        ) from None
    except TimeoutError:
        raise _late(where, url, deadlines) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        reason = getattr(exc, "reason", None) or type(exc).__name__
        raise RegistryError(
            f"cannot reach {where} at {url} ({reason}); you may be offline: {_OFFLINE}"
        ) from None
    return _parse(body, where, package)


def _parse(body: bytes, where: str, package: Package) -> object:
    try:
        return json.loads(body)
    except RecursionError:
        problem = "JSON nested too deep to read"
    except ValueError:  # not JSON, not UTF-8, or an integer past the digits Python reads
        problem = "something that is not JSON"
    raise RegistryError(f"{where} sent {problem} for {package.name}; try again later")


def _late(where: str, url: str, deadlines: Deadlines) -> RegistryError:
    return RegistryError(
        f"{where} at {url} did not answer within {deadlines.seconds:g} s "
        f"(AIDO_REGISTRY_TIMEOUT, all of this command's requests to it); {_OFFLINE}"
    )
