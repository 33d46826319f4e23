"""Run the explorer outside a server, for a benchmark, without a page of warnings.

Outside a Streamlit server, `st.cache_data.clear()`, the app's cached functions and setting an
AppTest's session state log a warning ("No runtime found", "missing ScriptRunContext") at every
call. Each AppTest run sets Streamlit's loggers back to their level, so a benchmark hushes them
again after a run, before the calls that warn.
"""

from __future__ import annotations

import streamlit as st
import streamlit.logger


def hush_streamlit() -> None:
    """Let Streamlit's loggers print errors only, until the next AppTest run."""
    streamlit.logger.set_log_level("error")  # the loggers made so far, and those made later


def clear_app_caches() -> None:
    """Forget every `st.cache_data` result, quietly."""
    hush_streamlit()
    st.cache_data.clear()
