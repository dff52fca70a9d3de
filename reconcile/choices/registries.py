"""Ask npm or PyPI for a package's latest published version (`aido outdated --registry`).

Plain stdlib HTTP with a short timeout. The base URLs can be pointed
elsewhere (a mirror, or the tests' fake registry on 127.0.0.1) with
`AIDO_NPM_REGISTRY` and `AIDO_PYPI_URL`.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request

from aidokit.catalog.packages import Package
from aidokit.reconcile.errors import AidoError

TIMEOUT = 5.0
NPM_DEFAULT = "https://registry.npmjs.org"
PYPI_DEFAULT = "https://pypi.org"


class RegistryError(AidoError):
    """A package registry could not be reached or gave no answer."""


def latest_version(package: Package) -> str:
    """The newest published version of `package` on its registry."""
    if package.registry == "npm":
        base = os.environ.get("AIDO_NPM_REGISTRY", NPM_DEFAULT).rstrip("/")
        url = f"{base}/{urllib.parse.quote(package.name, safe='@')}"
        data = _get(url, "npm registry", package)
        version = data.get("dist-tags", {}).get("latest") if isinstance(data, dict) else None
    else:
        base = os.environ.get("AIDO_PYPI_URL", PYPI_DEFAULT).rstrip("/")
        data = _get(f"{base}/pypi/{urllib.parse.quote(package.name)}/json", "PyPI", package)
        version = data.get("info", {}).get("version") if isinstance(data, dict) else None
    if not isinstance(version, str) or not version:
        raise RegistryError(
            f"the {package.registry} registry gave no latest version for {package.name}; "
            "try again later or run aido outdated without --registry"
        )
    return version


def _get(url: str, where: str, package: Package) -> object:
    if not url.startswith(("https://", "http://")):
        raise RegistryError(
            f"the {where} URL {url!r} is not http(s); fix AIDO_NPM_REGISTRY or AIDO_PYPI_URL"
        )
    # Only http(s), checked above.
    request = urllib.request.Request(url, headers={"Accept": "application/json"})  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=_timeout()) as response:  # noqa: S310
            return json.loads(response.read(4 * 1024 * 1024))
    except urllib.error.HTTPError as exc:
        raise RegistryError(
            f"{where} answered {exc.code} for {package.name}; check the package name "
            "or run aido outdated without --registry"
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise RegistryError(
            f"cannot reach {where} at {url} ({reason}); you may be offline: "
            "run aido outdated without --registry to compare with the catalog only"
        ) from None
    except ValueError:
        raise RegistryError(
            f"{where} sent something that is not JSON for {package.name}; try again later"
        ) from None


def _timeout() -> float:
    raw = os.environ.get("AIDO_REGISTRY_TIMEOUT", "")
    try:
        return float(raw) if raw else TIMEOUT
    except ValueError:
        return TIMEOUT
