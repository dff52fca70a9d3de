"""Step 3 of the flow: the pure diff.

The desired entries per file, the engine and planner, role scoping, pins, the context
budget, and the Plan model.
"""
