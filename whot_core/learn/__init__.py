"""The Learn page without Streamlit, the one part of the package built on both games: each
game's path of lessons, a stage's place and link, the learner's progress (`path`), and what the
page shows of a stage (`page`)."""
