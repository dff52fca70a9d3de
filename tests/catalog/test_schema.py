"""The catalog's exported JSON Schema accepts every shipped entry."""

from __future__ import annotations

import jsonschema  # type: ignore[import-untyped]

from aidokit.catalog.entries import MCP_CATALOG
from aidokit.catalog.schema import catalog_json_schema
from aidokit.catalog.validation import dump


def test_catalog_validates_against_its_json_schema() -> None:
    """The JSON dump of the whole catalog is valid under the exported schema."""
    schema = catalog_json_schema()
    assert schema["type"] == "array"
    jsonschema.validate([dump(entry) for entry in MCP_CATALOG], schema)


def test_schema_rejects_an_entry_without_triggers() -> None:
    """The schema is not vacuous: a broken entry fails it."""
    broken = dump(MCP_CATALOG[0])
    del broken["triggers"]
    validator = jsonschema.Draft202012Validator(catalog_json_schema())
    assert not validator.is_valid([broken])
