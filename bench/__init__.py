"""Benchmarks for `make bench`: each module's `run()` returns rows for one table."""
