"""A Streamlit session without a browser, for the load benchmarks (`app_class.py`).

A browser's tab holds one Streamlit session over the server's websocket: it asks for a run
(`BackMsg.rerun_script`), receives the page as `ForwardMsg`s (elements, the page's address, a
run finished), and for a click sends another `rerun_script` with the clicked widget's state and,
inside a fragment, the fragment's id. `Session` does the same with no drawing, so thirty of
them cost their machine little and a load benchmark measures the server, not thirty browsers.

What it keeps of the page is what a click needs: each widget drawn (its id, kind, label,
whether disabled, its fragment and its element), the address the app last wrote (the browser
sends it back with every run), and the messages the server marked cacheable (a browser keeps
them and says so, and the server then sends a reference instead of the message again).
Widgets a click does not send keep their values on the server, as Streamlit keeps a widget's
last value.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

FINISHED = ForwardMsg.ScriptFinishedStatus
#: A run that ends without the page settled: another run follows at once (`st.rerun`).
_NOT_SETTLED = (FINISHED.FINISHED_EARLY_FOR_RERUN,)
_ERROR_ALERT = 1  # Alert.Format.ERROR


@dataclass
class Widget:
    """A widget as drawn in the latest run that drew it."""

    id: str
    kind: str  # the element's type: "button", "bidi_component", "selectbox", ...
    label: str
    disabled: bool
    fragment: str  # the fragment it was drawn in, "" outside any
    element: Any  # its proto, e.g. a bidi component's JSON data
    seen: int  # the number of the message that drew it, to prefer the latest

    def data(self) -> Any:
        """A custom component's data (its JSON), else None."""
        text = getattr(self.element, "json", "")
        return json.loads(text) if text else None


@dataclass
class Page:
    """What a session knows of its page from the server's messages (no network here)."""

    query: str = ""
    page_name: str = ""
    page_hash: str = ""
    widgets: dict[str, Widget] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    cache: dict[str, ForwardMsg] = field(default_factory=dict)
    finished: int = 0  # runs settled (whole or fragment)
    messages: int = 0
    _at: dict[tuple[int, ...], str] = field(default_factory=dict)  # delta path -> widget id
    _run: set[str] = field(default_factory=set)  # widget ids drawn by the run under way

    def read(self, payload: bytes) -> ForwardMsg.ScriptFinishedStatus.ValueType | None:
        """Take in one message from the server; a run's finishing status, else None."""
        msg = ForwardMsg.FromString(payload)
        self.messages += 1
        if msg.HasField("ref_hash"):  # a message this page holds already: the server's reference
            cached = self.cache.get(msg.ref_hash)
            if cached is None:
                return None
            metadata = msg.metadata
            msg = ForwardMsg()
            msg.CopyFrom(cached)
            msg.metadata.CopyFrom(metadata)
        elif msg.metadata.cacheable and msg.hash:
            self.cache[msg.hash] = msg
        kind = msg.WhichOneof("type")
        if kind == "new_session":
            self._run = set()
        elif kind == "navigation":  # the page this run shows, which the next run asks for
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._element(msg.delta.new_element, tuple(msg.metadata.delta_path), msg.delta)
        elif kind == "script_finished":
            status = msg.script_finished
            if status not in _NOT_SETTLED:
                self._drop_stale(status == FINISHED.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)
                self.finished += 1
            return status
        return None

    def _element(self, element, path: tuple[int, ...], delta) -> None:
        which = element.WhichOneof("type")
        inner = getattr(element, which)
        if which == "exception" or (which == "alert" and inner.format == _ERROR_ALERT):
            self.errors.append(f"{which}: {getattr(inner, 'message', '') or inner.body}"[:200])
        old = self._at.pop(path, None)
        if old is not None:
            self.widgets.pop(old, None)
        if not hasattr(inner, "DESCRIPTOR") or "id" not in inner.DESCRIPTOR.fields_by_name:
            return
        widget_id = inner.id
        if not widget_id:
            return
        self._at[path] = widget_id
        self._run.add(widget_id)
        self.widgets[widget_id] = Widget(
            widget_id,
            which,
            getattr(inner, "label", ""),
            bool(getattr(inner, "disabled", False)),
            delta.fragment_id,
            inner,
            self.messages,
        )

    def _drop_stale(self, fragment_run: bool) -> None:
        """A whole run's end removes what it did not draw (a fragment's, what the fragment did
        not draw again), as the browser removes stale elements."""
        fragments = {w.fragment for i, w in self.widgets.items() if i in self._run}
        for widget_id, widget in list(self.widgets.items()):
            if widget_id in self._run:
                continue
            if not fragment_run or (widget.fragment and widget.fragment in fragments):
                del self.widgets[widget_id]
        self._at = {p: i for p, i in self._at.items() if i in self.widgets}
        self._run = set()

    def find(self, kind: str, label: str | None = None) -> Widget | None:
        """The latest drawn widget of `kind` (and `label`), or None."""
        found = [
            w for w in self.widgets.values()
            if w.kind == kind and (label is None or w.label == label)
        ]  # fmt: skip
        return max(found, key=lambda w: w.seen) if found else None

    def rerun(self, *states: WidgetState, fragment: str = "") -> bytes:
        """The `BackMsg` a browser sends for a run: the page's address, the widgets' states
        given, the fragment to rerun (none for the whole page) and the messages it holds."""
        msg = BackMsg()
        run = msg.rerun_script
        run.query_string = self.query
        run.page_name = self.page_name
        run.page_script_hash = self.page_hash
        run.widget_states.widgets.extend(states)
        if fragment:
            run.fragment_id = fragment
        run.cached_message_hashes.extend(self.cache)
        return msg.SerializeToString()


def trigger(widget: Widget) -> WidgetState:
    """A button's click."""
    return WidgetState(id=widget.id, trigger_value=True)


def component_event(widget: Widget, event: str, value: Any) -> WidgetState:
    """A custom component's (Components v2) trigger `event` with `value`, as its
    `setTriggerValue(event, value)` sends it."""
    return WidgetState(
        id=f"$$STREAMLIT_INTERNAL_KEY_{widget.id}__events",
        json_trigger_value=json.dumps([{"event": event, "value": value}]),
    )


class Session:
    """One session on the server, held over its websocket: `open` a page, then `click`."""

    def __init__(self, base: str, path: str) -> None:
        address, _, query = path.partition("?")
        self.uri = base.replace("http", "ws", 1) + "/_stcore/stream"
        self.origin = base
        self.page = Page(query=query, page_name=address.strip("/"))
        self.ws = None
        self._reader: asyncio.Task | None = None
        self._settled = asyncio.Event()

    async def open(self, timeout: float) -> float:
        """Connect and run the page: the seconds to its first run's end."""
        import websockets

        self.ws = await websockets.connect(
            self.uri, subprotocols=["streamlit"], origin=self.origin, max_size=None
        )
        self._reader = asyncio.create_task(self._read())
        return await self.send(self.page.rerun(), timeout)

    async def send(self, message: bytes, timeout: float) -> float:
        """Send a run's request; the seconds until the run has finished (settled)."""
        self._settled.clear()
        start = time.perf_counter()
        await self.ws.send(message)
        await asyncio.wait_for(self._settled.wait(), timeout)
        return time.perf_counter() - start

    async def click(self, state: WidgetState, fragment: str, timeout: float) -> float:
        return await self.send(self.page.rerun(state, fragment=fragment), timeout)

    async def _read(self) -> None:
        async for payload in self.ws:
            if isinstance(payload, bytes):
                status = self.page.read(payload)
                if status is not None and status not in _NOT_SETTLED:
                    self._settled.set()

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.ws is not None:
            await self.ws.close()
