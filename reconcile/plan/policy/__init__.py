"""The plan's policy steps (SPEC §4): what reconcile/policy/ says, applied to the world.

`enforce` admits or refuses each wanted entry per adapter, `native` writes the policy
into a harness's own enforcement, `found` lists hand-written entries outside it.
"""
