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
if str(HERE) not in sys.path:  # `app_pages` imports as a package however the app is started
    sys.path.insert(0, str(HERE))

# The pages and their addresses live in a module: Streamlit runs this script anew for every run
# of every session, and a dataclass defined here would be made again each time (about 1 ms).
from app_pages.pages import ICON, PAGES, Page  # noqa: E402 (benchmarks and tests read PAGES here)


def main() -> None:
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
    pages = [
        st.Page(p.path, title=p.title, icon=p.icon, url_path=_served_at(p), default=p.default)
        for p in PAGES
    ]
    # The first page answers at its own address too (`/learn`, a link a reader writes by hand or
    # a list of every page's address builds): Streamlit serves a default page only at the root,
    # and opened `/learn` under its "Page not found" popup. A hidden page there sends the reader
    # to the root with the link's settings, where the sidebar marks Learn as the page shown.
    first = next(p for p in PAGES if p.default)
    alias = st.Page(_nothing, title=first.title, url_path=first.url_path, visibility="hidden")
    page = st.navigation([*pages, alias])
    if page is alias:
        st.switch_page(pages[PAGES.index(first)], query_params=st.query_params.to_dict())
    sidebar.sidebar(whot_rules=page.url_path not in ("whist", "whist_play"))
    page.run()
    link.write_url()


def _served_at(page: Page) -> str:
    """The address Streamlit serves `page` at: the root for the first page, whose own address
    (`page.url_path`) is left to the hidden page that leads there."""
    return "" if page.default else page.url_path


def _nothing() -> None:
    """The hidden page at the first page's own address: never run (`main` switches first)."""


if __name__ == "__main__":
    main()
