"""`make fuzz` runs every generated round trip of the document layer, long."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_make_fuzz_lists_every_document_property_test() -> None:
    """A document-layer test file with fuzz-scaled properties is in the fuzz target (a new
    editor's apply-then-destroy property would otherwise never run long)."""
    # The files are FUZZ_TESTS, which the fuzz target (and each of its shards) runs.
    target = re.search(r"^FUZZ_TESTS :=.*?(?=^\S)", (ROOT / "Makefile").read_text(), re.M | re.S)
    assert target is not None
    assert "$(FUZZ_TESTS)" in (ROOT / "Makefile").read_text().split("\nfuzz:", 1)[1]
    listed = set(re.findall(r"(tests/\S+\.py)", target[0]))
    folder = ROOT / "tests" / "reconcile" / "documents"
    wanted = {
        path.relative_to(ROOT).as_posix()
        for path in folder.glob("test_*.py")
        if path.name != Path(__file__).name and "import fuzz_settings" in path.read_text()
    }
    assert wanted and wanted <= listed, sorted(wanted - listed)
    assert all((ROOT / name).is_file() for name in listed), sorted(listed)
