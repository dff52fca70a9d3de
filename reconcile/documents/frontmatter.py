"""Edit entries inside the YAML frontmatter of a Markdown file (agent definitions).

An agent file (`.claude/agents/qa.md`, `.gemini/agents/qa.md`, `.github/agents/qa.agent.md`)
is a `---` line, YAML, a closing `---` line, then a Markdown body. aido owns a few keys
inside the YAML and nothing else: the body is copied through byte for byte, whatever it
holds (`---` lines included: the frontmatter ends at the first closing line, as the
harnesses read it).

The YAML part is edited by `YamlEditor`'s splices (`YamlItemsEditor` adds lists of
one-key maps), so its rules hold here too: comments, quoting, order and line breaks (LF
or CRLF) stay; anchors, merge keys and flow maps on the path are refused; every edit is
parsed back before it is adopted. The opening `---` line is kept aside and the YAML
after it is edited alone (an empty frontmatter is an empty mapping); error line numbers
count that line, so they are the file's own. A map aido created goes again with its
last entry, and one the user wrote (`mcp_servers: {}`) is left `{}`, as aido's records
say (`restore`); without a record, an emptied map goes (an emptied list follows
`yamlitems`' rules). A file that does not start with `---` or never
closes its frontmatter is refused: aido does not guess where a body begins.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from aidokit.reconcile.core.atomic import BOM, MapOrigin, decode_text
from aidokit.reconcile.core.errors import DocumentError
from aidokit.reconcile.documents.yamlitems import YamlItemsEditor, is_items, is_strings

_OPEN = re.compile(r"---[ \t]*\r?\n")
_CLOSE = re.compile(r"^---[ \t]*(?:\r?\n|\Z)", re.M)


class FrontmatterEditor:
    """Edit entries of the YAML frontmatter of one Markdown file; the body stays."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self._bom, text = decode_text(path, raw)
        head, self._body = _split(path, text)
        opening = _OPEN.match(head)
        if opening is None:
            raise RuntimeError("aido bug: expected opening is not None")
        self._lead = head[: opening.end()]
        with _file_lines(path):
            self._yaml = YamlItemsEditor(path, head[opening.end() :].encode("utf-8"))

    @property
    def value(self) -> dict[str, Any]:
        """Return the frontmatter as plain Python values."""
        return self._yaml.value

    def get_map(self, key_path: tuple[str, ...]) -> dict[str, Any] | None:
        """Return the mapping at `key_path` inside the frontmatter; None when absent."""
        with _file_lines(self.path):
            return self._yaml.get_map(key_path)

    def set_entry(self, key_path: tuple[str, ...], name: str, entry: Mapping[str, Any]) -> None:
        """Create or replace one entry inside the frontmatter."""
        with _file_lines(self.path):
            self._yaml.set_entry(key_path, name, entry)

    def update_item(
        self, key_path: tuple[str, ...], name: str, entry: dict[str, Any], keep: tuple[str, ...]
    ) -> None:
        """Write aido's fields into a list item of the frontmatter key by key."""
        with _file_lines(self.path):
            self._yaml.update_item(key_path, name, entry, keep)

    def origin(self, key_path: tuple[str, ...]) -> MapOrigin:
        """Say whether the map at `key_path` is there before aido's first entry goes in."""
        with _file_lines(self.path):
            return self._yaml.origin(key_path)

    def restore(self, key_path: tuple[str, ...], origin: MapOrigin) -> None:
        """Once the map at `key_path` empties, give back what it was before `origin`."""
        self._yaml.restore(key_path, origin)

    def delete_entry(self, key_path: tuple[str, ...], name: str) -> None:
        """Remove one entry if present; an emptied map goes or stays as `restore` said
        (with no record of it: goes)."""
        with _file_lines(self.path):
            self._yaml.delete_entry(key_path, name)
            if is_items(key_path) or is_strings(key_path) or self._yaml.restores(key_path):
                return  # an emptied list has its own rules (yamlitems)
            if key_path and self._yaml.get_map(key_path) == {}:
                self._yaml.delete_entry(key_path[:-1], key_path[-1])

    def render(self) -> bytes:
        """Return the file's bytes: the edited frontmatter, then the untouched body."""
        head = self._lead.encode("utf-8") + self._yaml.render()
        return (BOM if self._bom else b"") + head + self._body.encode("utf-8")


@contextmanager
def _file_lines(path: Path) -> Iterator[None]:
    """Count the opening `---` line in the line numbers of the YAML editor's errors."""
    try:
        yield
    except DocumentError as exc:
        prefix = f"{path}:"
        message = str(exc)
        line, sep, rest = message.removeprefix(prefix).partition(":")
        if message.startswith(prefix) and sep and line.isdigit():
            raise DocumentError(f"{prefix}{int(line) + 1}:{rest}") from None
        raise


def _split(path: Path, text: str) -> tuple[str, str]:
    """Split `text` into the frontmatter (opening `---` line included) and the rest."""
    opening = _OPEN.match(text)
    if opening is None:
        raise DocumentError(
            f"{path}:1: {path.name} does not start with a `---` frontmatter line;"
            " add one (the agent's name and description) by hand, aido will not edit this file"
        )
    closing = _CLOSE.search(text, opening.end())
    if closing is None:
        raise DocumentError(
            f"{path}:1: the frontmatter of {path.name} is never closed by a `---` line;"
            " fix it by hand, aido will not edit this file"
        )
    return text[: closing.start()], text[closing.start() :]
