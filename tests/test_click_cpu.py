"""`benchmarks/click_cpu.py` reads a Chromium trace as the browser's CPU for a click: each task
on the page's main thread once, its thread time (not its wall time, which a busy machine
stretches), split by what it ran. A synthetic trace, so nothing here starts a browser.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import click_cpu

PAGE, OTHER = (1, 10), (2, 20)  # (pid, tid): the page's main thread, another renderer's


def _name(thread: tuple[int, int], name: str) -> dict:
    pid, tid = thread
    return {"ph": "M", "name": "thread_name", "pid": pid, "tid": tid, "args": {"name": name}}


def _event(thread, name, ts, dur, tdur=None, url=None) -> dict:
    pid, tid = thread
    event = {"ph": "X", "name": name, "pid": pid, "tid": tid, "ts": ts, "dur": dur}
    if tdur is not None:
        event["tdur"] = tdur
    if url is not None:
        event["args"] = {"data": {"url": url}}
    return event


def _trace() -> dict:
    react = "http://x/static/js/react-dom.Dzbslgj4.js"
    return {
        "traceEvents": [
            _name(PAGE, "CrRendererMain"),
            _name(OTHER, "CrRendererMain"),
            # React's work: 30 ms of wall time, 12 of them on the CPU (the rest waiting for a
            # core); a task nested inside it is not counted again
            _event(PAGE, "RunTask", 0, 30_000, tdur=12_000),
            _event(PAGE, "FunctionCall", 100, 20_000, url=react),
            _event(PAGE, "RunTask", 200, 1_000, tdur=1_000),
            _event(PAGE, "UpdateLayoutTree", 25_000, 2_000),
            # a style recalculation of its own
            _event(PAGE, "RunTask", 40_000, 5_000, tdur=4_000),
            _event(PAGE, "UpdateLayoutTree", 40_100, 4_000),
            # the websocket's message: JavaScript, not React's
            _event(PAGE, "RunTask", 50_000, 3_000, tdur=3_000),
            _event(PAGE, "FunctionCall", 50_100, 2_000, url="http://x/static/js/index.js"),
            # a task without a thread time: its wall time
            _event(PAGE, "RunTask", 60_000, 2_000),
            _event(PAGE, "Paint", 60_500, 1_000),
            # the other renderer has fewer events: not the page's
            _event(OTHER, "RunTask", 0, 9_000, tdur=9_000),
        ]
    }


def test_each_task_on_the_pages_main_thread_counts_once_by_its_thread_time_and_kind():
    spent = click_cpu.cpu_by_kind(_trace())
    assert dict(spent) == {"react": 12.0, "style": 4.0, "other": 3.0, "paint": 2.0}


def test_a_task_is_reacts_only_when_its_first_javascript_is_react_doms():
    call = _event(PAGE, "FunctionCall", 0, 1, url="http://x/static/js/index.DormvYxC.js")
    react = _event(PAGE, "FunctionCall", 0, 1, url="http://x/static/js/react-dom.Dzbslgj4.js")
    layout = _event(PAGE, "Layout", 0, 1)
    assert click_cpu.task_kind([call, react]) == "other"
    assert click_cpu.task_kind([react, call]) == "react"
    assert click_cpu.task_kind([layout, react]) == "layout"
    assert click_cpu.task_kind([]) == "other"
