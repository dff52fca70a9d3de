"""What every `--json` output shares: one object with a `format_version` (SPEC §8).

Each document's shape has a JSON Schema under docs/schemas/; an error under
`--json` is the `error` document, printed on stdout while the sentence still
goes to stderr, so a pipeline always gets an object it can parse.
"""

from __future__ import annotations

import json
from typing import Any

ERROR_FORMAT_VERSION = 1


def dumps(doc: dict[str, Any]) -> str:
    """The document as stable JSON text: sorted keys, two-space indent, one newline."""
    # ASCII: C1, bidi and other format characters from files reach a terminal escaped.
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=True) + "\n"


def error_json(
    *, code: str, message: str, exit_code: int, details: dict[str, object] | None = None
) -> str:
    """`{"format_version": 1, "error": {"code": ..., "message": ..., "exit_code": ...}}`.

    `details` (facts a script can act on, e.g. the entry and adapter) is added when given.
    """
    error: dict[str, object] = {"code": code, "message": message, "exit_code": exit_code}
    if details:
        error["details"] = details
    return dumps({"format_version": ERROR_FORMAT_VERSION, "error": error})
