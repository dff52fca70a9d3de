"""The bottom every layer stands on.

Errors, aido's folders, safe reads, atomic writes and locks, the trust boundary's paths,
the terminal.
"""
