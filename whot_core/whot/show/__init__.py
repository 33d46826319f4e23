"""Faces over the engine for people: pictures, charts, notebook widgets and the step viewer.

- `pictures`: cards, hands and tables as SVG (standard library only).
- `viewer`: a game as frames to step through, and the position explorer, as HTML (standard
  library only).
- `search_picture`: a search decision as an SVG bar chart, what the app shows (standard
  library only).
- `figures`: plotly charts of simulations, scores, matches and search decisions (the `app` and
  `notebooks` extras).
- `widgets`: ipywidgets for the notebooks (the `notebooks` extra).

Nothing imports these but teaching, the app and the notebooks; the engine only reaches for
`pictures` when Jupyter asks an object to draw itself (`_repr_html_`).
"""
