"""Whist drawn: SVG pictures of cards and the table (`pictures`), a deal as steps with their
words (`viewer`) and the notebook widget over it (`widgets`)."""
