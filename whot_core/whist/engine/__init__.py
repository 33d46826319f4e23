"""Whist's rules of play: the pack (`cards`), the rules (`rules`), a deal in play (`state`), what
happens (`events`, told in words by `narrate`), what a seat may see (`views`) and game records
(`records`). `whot_core.whist` re-exports the names most code needs."""
