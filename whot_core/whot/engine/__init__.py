"""Whot's rules and the engine that plays them: standard library only, no game but Whot.

The modules follow the game's concepts, roughly in the order a game meets them:
`cards` (the pack), `effects` (what a special card does), `rules` (the toggles, as data),
`moves` (a play or a draw, as text and values), `legal` (which moves are allowed, and why not),
`events` (what happened, typed), `scoring` (the count), `views` (what one seat may see),
`state` (a game: deal, apply, push), `records` (a game as JSON that replays), `matches`
(rubbers, elimination, tournaments) and `narrate` (events in words).

The public names are re-exported by `whot_core` itself: `from whot_core import Rules, new_game`.
"""
