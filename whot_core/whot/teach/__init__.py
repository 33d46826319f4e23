"""Teaching Whot: the Learn path's lessons (`lessons`), practice questions the engine checks
(`practice`, with its notebook widget in `widgets`), and what a rule changes, in one position and
in one deal under two rule sets (`difference`)."""
