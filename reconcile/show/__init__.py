"""The views.

Plan, status, doctor and report as text, JSON and CI annotations; the fleet report and
its artifacts.
"""
