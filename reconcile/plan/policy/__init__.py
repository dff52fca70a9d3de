"""What a policy says about each entry (SPEC §4).

Verdicts, the plan's refusals, and entries outside policy aido did not write.
"""
