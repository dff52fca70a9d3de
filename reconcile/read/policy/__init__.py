"""Policy (SPEC §4, issue 36): which servers aido may write, decided above the project.

`rules` holds the rule grammar, `layers` where policies come from and how
they combine, `verdict` what an entry's package, host and id say about it.
"""
