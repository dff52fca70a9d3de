"""Step 4 of the flow: the effects.

Apply, transactions, the journal and when it is believed, undo, saved plans, import,
adopt, and edits of aido.toml.
"""
