"""Turning a plan, a status, doctor findings or a fleet report into text or JSON."""
