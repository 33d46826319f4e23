"""Whot, in the parts every game of the package has: `engine/` (the rules of play), `players/`
(the AI players and batch simulation), `show/` (pictures, charts, notebook viewers), `teach/`
(lessons, practice questions, what a rule changes) and `app/` (the app's logic without
Streamlit). `from whot_core import Rules, new_game, ...` reads Whot's public names from here.
"""
