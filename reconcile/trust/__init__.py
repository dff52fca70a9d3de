"""Between the plan and any effect.

Gates and typed confirmations, redaction, the saved plan's key and provenance.
"""
