"""Step 2 of the flow.

Read everything a plan depends on into a World (facts, choices, baselines, the lock,
state, policy layers, probed tool lists).
"""
