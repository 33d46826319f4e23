"""What both games share and no game's rules: the pieces Whot and Whist are each built from.

- `protocol`: the few methods a game offers so that the search can play it.
- `search`: information-set Monte Carlo tree search over that protocol, and its reason in words.
- `levels`: the AI levels of every game, each game registering its own (one registry).
- `decisions`: an AI player's `Decision` (move, reason, details) and the search's details.
- `errors`: `IllegalMove`, raised by either game's checked moves.
- `records`: a game record (`Record`) and the checks every one passes (JSON only, sizes, seeds,
  replays).
- `svg`: small SVG drawing primitives (elements, text, card outlines, backs, data URIs).
- `stepper`: stepping through a game's frames, and one step as HTML.
- `widgets`: the notebook step viewer (ipywidgets, an optional extra).
- `learning`: a Learn path's verdict on an answer, and its stars.

Nothing here imports a game; nothing is imported here, so each module loads only when asked for.
"""
