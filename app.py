"""The Whot rules explorer: `streamlit run app.py` (or `make app`).

A thin frame: the page set-up, the navigation over the pages in `app_pages/`, and the shared
sidebar (preset, rule toggles, presentation; the Whist page has its own settings). Every rule,
picture and chart comes from `whot_core`.

Streamlit runs this script as `__main__`. The Compare page's worker processes import it again
as `__mp_main__` (multiprocessing does that for every spawned worker), and there it must draw
nothing, so the app is a function called only under `__main__`.
"""

import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Page:
    """One page of the app: its script under app_pages/ and the address it answers at
    (`url_path`, set here and not taken from the file's name, so moving a file keeps its links)."""

    path: str
    title: str
    icon: str
    url_path: str
    default: bool = False


#: The pages in the navigation's order: shared by both games, then Whot's, then Whist's.
#: The browser tab's icon: an emoji Streamlit knows (any other character is fetched from the
#: server as an address, a 404 on every page load).
ICON = "🃏"

PAGES = (
    Page("app_pages/shared/learn.py", "Learn", ":material/school:", "learn", default=True),
    Page("app_pages/whot/rules.py", "Rules", ":material/menu_book:", "rules"),
    Page("app_pages/whot/watch.py", "Watch", ":material/visibility:", "watch"),
    Page("app_pages/whot/scoring.py", "Scoring", ":material/calculate:", "scoring"),
    Page("app_pages/whot/compare.py", "Compare", ":material/compare_arrows:", "compare"),
    Page(
        "app_pages/whot/side_by_side.py", "Side by side", ":material/view_column_2:", "side_by_side"
    ),
    Page("app_pages/whot/play.py", "Play", ":material/touch_app:", "play"),
    Page("app_pages/shared/together.py", "Play together", ":material/devices:", "together"),
    Page("app_pages/whist/whist.py", "Whist", ":material/playing_cards:", "whist"),
    Page("app_pages/whist/whist_play.py", "Play Whist", ":material/front_hand:", "whist_play"),
    Page("app_pages/shared/classroom.py", "Classroom", ":material/groups:", "classroom"),
)


def main() -> None:
    if str(HERE) not in sys.path:  # `app_pages` imports as a package however the app is started
        sys.path.insert(0, str(HERE))

    # Each session runs this script in its own thread. plotly asks `sys.modules` for pandas
    # without importing it, so while one session is still importing pandas another session's
    # chart found it half made ("partially initialized module 'pandas' has no attribute
    # 'Series'"; two phones and a projector on a fresh server). An import statement waits for
    # the import under way to finish, so every run has the whole of pandas before any page.
    import pandas  # noqa: F401
    import streamlit as st  # here, not above: a worker process has no use for Streamlit

    from app_pages.shared import layout, link, session, sidebar

    session.start_session()
    st.set_page_config(
        page_title="Whot rules explorer",
        page_icon=ICON,
        layout="wide",
        initial_sidebar_state="collapsed" if session.is_classroom() else "auto",
    )
    layout.page_style()
    session.keep_page_settings()
    page = st.navigation(
        [
            st.Page(p.path, title=p.title, icon=p.icon, url_path=p.url_path, default=p.default)
            for p in PAGES
        ]
    )
    sidebar.sidebar(whot_rules=page.url_path not in ("whist", "whist_play"))
    page.run()
    link.write_url()


if __name__ == "__main__":
    main()
