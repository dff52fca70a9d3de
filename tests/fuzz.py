"""Hypothesis settings for the property tests: derandomized in CI, random under `make fuzz`."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ = os.environ.get("AIDO_FUZZ_EXAMPLES")  # `make fuzz`: this many random examples


def fuzz_settings(examples: int, *suppress: HealthCheck) -> settings:
    """`examples` derandomized examples (a CI failure reproduces), or FUZZ random ones."""
    return settings(
        max_examples=int(FUZZ or examples),
        derandomize=FUZZ is None,
        database=None,
        deadline=None,
        suppress_health_check=list(suppress),
    )
