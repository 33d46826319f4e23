"""The load benchmarks' browserless Streamlit session (`benchmarks/st_client.py`): from the
server's messages it finds the widget a click needs and asks for the run a browser asks for.
The messages are built here as the server sends them; no server runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import st_client


def element(path: tuple[int, ...], fragment: str = "", **kind) -> bytes:
    """A new element at `path` (one keyword: the element's type and its fields)."""
    [(which, fields)] = kind.items()
    msg = ForwardMsg()
    msg.metadata.delta_path.extend(path)
    msg.delta.fragment_id = fragment
    getattr(msg.delta.new_element, which).MergeFrom(
        type(getattr(msg.delta.new_element, which))(**fields)
    )
    return msg.SerializeToString()


def message(**fields) -> bytes:
    return ForwardMsg(**fields).SerializeToString()


FINISHED = message(script_finished=ForwardMsg.FINISHED_SUCCESSFULLY)
FRAGMENT_FINISHED = message(script_finished=ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY)


def opened_page() -> st_client.Page:
    """A page whose first run drew a Seed box outside any fragment and, in fragment f1, the
    Next button and a table component."""
    page = st_client.Page(query="seed=3", page_name="watch")
    page.read(message(new_session={}))
    nav = ForwardMsg()
    nav.navigation.page_script_hash = "watch-hash"
    page.read(nav.SerializeToString())
    page.read(element((0, 0), number_input={"id": "seed-id", "label": "Seed"}))
    page.read(element((0, 1, 0), "f1", button={"id": "next-id", "label": "Next"}))
    table = {"id": "table-id", "json": json.dumps({"turn": 3})}
    page.read(element((0, 1, 1), "f1", bidi_component=table))
    page.read(FINISHED)
    return page


def test_a_click_asks_for_its_fragments_run_on_the_page_shown_with_the_link_the_app_wrote():
    page = opened_page()
    info = ForwardMsg()
    info.page_info_changed.query_string = "seed=3&step=1"
    page.read(info.SerializeToString())
    button = page.find("button", "Next")
    request = BackMsg.FromString(page.rerun(st_client.trigger(button), fragment=button.fragment))
    run = request.rerun_script
    assert (run.fragment_id, run.page_script_hash, run.query_string) == (
        "f1", "watch-hash", "seed=3&step=1",
    )  # fmt: skip
    [state] = run.widget_states.widgets
    assert (state.id, state.trigger_value) == ("next-id", True)


def test_a_component_event_is_sent_as_its_trigger_list_and_its_data_is_read():
    table = opened_page().find("bidi_component")
    assert table.data() == {"turn": 3}
    state = st_client.component_event(table, "move", {"move": "draw", "turn": 3})
    assert state.id == "$$STREAMLIT_INTERNAL_KEY_table-id__events"
    assert json.loads(state.json_trigger_value) == [
        {"event": "move", "value": {"move": "draw", "turn": 3}}
    ]


def test_a_fragment_run_forgets_only_what_that_fragment_no_longer_draws():
    page = opened_page()
    page.read(message(new_session={}))
    page.read(element((0, 1, 0), "f1", button={"id": "next-id", "label": "Next", "disabled": True}))
    page.read(FRAGMENT_FINISHED)
    assert page.find("button", "Next").disabled
    assert page.find("bidi_component") is None  # the fragment did not draw it again
    assert page.find("number_input", "Seed") is not None  # outside the fragment: kept
    page.read(message(new_session={}))
    page.read(FINISHED)  # a whole run that drew nothing
    assert page.widgets == {}


def test_a_cached_message_is_read_from_its_reference_and_named_in_the_next_request():
    page = st_client.Page()
    page.read(message(new_session={}))
    cached = ForwardMsg.FromString(element((0, 0), button={"id": "b", "label": "Go"}))
    cached.hash, cached.metadata.cacheable = "h1", True
    page.read(cached.SerializeToString())
    page.read(FINISHED)
    page.read(message(new_session={}))
    reference = ForwardMsg(ref_hash="h1")
    reference.metadata.delta_path.extend((0, 0))
    page.read(reference.SerializeToString())
    page.read(FINISHED)
    assert page.find("button", "Go").id == "b"
    assert list(BackMsg.FromString(page.rerun()).rerun_script.cached_message_hashes) == ["h1"]


def test_an_error_box_is_counted():
    page = st_client.Page()
    page.read(element((0, 0), exception={"message": "boom"}))
    page.read(element((0, 1), alert={"body": "Careful", "format": 2}))  # a warning: not an error
    assert page.errors == ["exception: boom"]
