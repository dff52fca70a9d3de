"""The bottom every layer stands on.

Errors, aido's folders, safe reads, atomic writes and locks, where project scope may
write,
the terminal.
"""
