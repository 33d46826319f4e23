"""The Whot rules explorer: `streamlit run app.py` (or `make app`).

A thin frame: the page set-up, the navigation over the pages in `app_pages/`, and the shared
sidebar (preset, rule toggles, presentation; the Whist page has its own settings). Every rule,
picture and chart comes from `whot_core`.

Streamlit runs this script as `__main__`. The Compare page's worker processes import it again
as `__mp_main__` (multiprocessing does that for every spawned worker), and there it must draw
nothing, so the app is a function called only under `__main__`.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    if str(HERE) not in sys.path:  # `app_pages` imports as a package however the app is started
        sys.path.insert(0, str(HERE))

    import streamlit as st  # here, not above: a worker process has no use for Streamlit

    from app_pages import common

    common.start_session()
    st.set_page_config(
        page_title="Whot rules explorer",
        page_icon="🂠",
        layout="wide",
        initial_sidebar_state="collapsed" if common.is_classroom() else "auto",
    )
    common.page_style()
    common.keep_page_settings()
    page = st.navigation(
        [
            st.Page("app_pages/learn.py", title="Learn", icon=":material/school:", default=True),
            st.Page("app_pages/rules.py", title="Rules", icon=":material/menu_book:"),
            st.Page("app_pages/watch.py", title="Watch", icon=":material/visibility:"),
            st.Page("app_pages/scoring.py", title="Scoring", icon=":material/calculate:"),
            st.Page("app_pages/compare.py", title="Compare", icon=":material/compare_arrows:"),
            st.Page(
                "app_pages/side_by_side.py", title="Side by side", icon=":material/view_column_2:"
            ),
            st.Page("app_pages/play.py", title="Play", icon=":material/touch_app:"),
            st.Page("app_pages/whist.py", title="Whist", icon=":material/playing_cards:"),
            st.Page("app_pages/whist_play.py", title="Play Whist", icon=":material/front_hand:"),
        ]
    )
    common.sidebar(whot_rules=page.url_path not in ("whist", "whist_play"))
    page.run()
    common.write_url()


if __name__ == "__main__":
    main()
