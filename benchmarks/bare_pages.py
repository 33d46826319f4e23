"""Streamlit's floor for a page at its own address, for `benchmarks/app_load.py`: a bare app of
two pages (`st.navigation`, as the app's), each a title and a line, and, with `?button=on`, a
button that only reruns. The first page is at `/`, the second at `/second`: a page opened at its
own address costs Streamlit's frontend a first try of that path as the server's base (its
health check, refused) before the page's run, which the app's pages at `/watch`, `/play`, ...
pay too and a bare page at `/` does not. With `?lines=N&toggles=M`, the page also writes N lines
of text and M toggles: a bare page of about as many elements as one of the app's (a Rules load
sends 39 messages, Play's 55), for what sheer size costs Streamlit itself."""

import streamlit as st


def _page() -> None:
    st.title("A bare page")
    st.write("A line of text, and nothing more.")
    if st.query_params.get("button"):
        st.button("Rerun")
    for n in range(int(st.query_params.get("lines", 0))):
        st.markdown(f"Line {n} of plain text, a sentence about as long as the app's are.")
    for n in range(int(st.query_params.get("toggles", 0))):
        st.toggle(f"Toggle {n}", key=f"toggle.{n}")


def first() -> None:
    _page()


def second() -> None:
    _page()


st.navigation([st.Page(first, title="First", default=True), st.Page(second, title="Second")]).run()
