"""pytest settings for the notebooks, which `make test` checks with nbval (see README.md here).

Each `NN_name.py` beside a notebook is its plain-text twin (jupytext), not a module: importing it
would run the whole notebook outside Jupyter, in the wrong directory. Keep `--doctest-modules`
from collecting them; nbval runs the `.ipynb` files.
"""

collect_ignore_glob = ["[0-9][0-9]_*.py"]
