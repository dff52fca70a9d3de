"""The security gate, between the plan and any effect (SPEC §7).

The gate and typed confirmations, redaction, the saved plan's key and provenance.
"""
