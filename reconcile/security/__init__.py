"""The trust boundary: paths, reads, redaction, hardening, gates, saved-plan provenance."""
