"""What aido did: ownership state, the journal and transactions, undo, saved plans."""
