"""What pages draw alike: the style of every page, a table's column and the words beside it, the
settings box, the step buttons, pictures, a source's caption and the pass screen between two
people's turns.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

import streamlit as st

from app_pages.shared import component
from app_pages.shared.session import context, is_classroom, share
from whot_core.toolkit import sources
from whot_core.toolkit.svg import picture_label
from whot_core.whot.app import html as app_html
from whot_core.whot.app import layout as app_layout
from whot_core.whot.show.pictures import table_svg
from whot_core.whot.show.search_picture import VALUE_LABEL, search_alt, search_svg
from whot_core.whot.show.viewer import clamp_step, last_step

T = TypeVar("T")
HERE = Path(__file__).resolve().parent

#: Room above a table picture on Watch and Whist (title, settings, step buttons), per setting:
#: the table is at most the window's height less this, so it shows whole with its controls.
STAGE_TOP_PX = {False: 215, True: 210}

#: A chart's settings: no plotly toolbar (its buttons are 22 px, under a tap's 24, and zoom
#: and pan mean nothing to a reader of these charts; Streamlit's own full-screen stays).
CHART_CONFIG = {"displayModeBar": False}

#: The Play table's greatest height: the window less the room for the title, the settings and
#: the words under the table (what was said, how to play).
PLAY_TABLE_HEIGHT = {False: "calc(100vh - 300px)", True: "calc(100vh - 190px)"}


def page_style() -> None:
    """The layout every page shares, and the classroom setting's large print (a style element
    that takes no room). See `app.page_css`."""
    st.html(f"<style>{app_layout.page_css(is_classroom(), STAGE_TOP_PX[is_classroom()])}</style>")


def rows_table(rows: Sequence[Mapping[str, object]], *, stacked: bool = False) -> None:
    """Rows as a table in the page's words (`app_html.table_html`: escaped, no table script to
    load; `stacked`, a row a block on a phone); nothing for no rows."""
    if rows:
        st.markdown(app_html.table_html(rows, stacked=stacked), unsafe_allow_html=True)


def toggle(label: str, help_text: str, **options) -> None:
    """A toggle with its help written under it, not behind a "?" on it: a tap on the "?" would
    flip the toggle (the "?" is part of its label), and a tooltip needs a hover a phone has
    not."""
    st.toggle(label, **options)
    st.caption(help_text)


def whose_view(teacher: bool, reasons: str, holder: str | None) -> None:
    """Above a table, say whose eyes it is drawn for: Teacher's view (every hand face up, and
    `reasons` shown), or the person whose hand this is while the others look away (`holder`,
    None when nobody need look away)."""
    if teacher:
        st.info(f"Teacher's view: every hand is face up, and {reasons}.", icon=":material/school:")
    elif holder is not None:
        st.markdown(f"**{holder}**, this is your hand; the others look away.")


def side_by_side(*, wide: bool = False) -> tuple:
    """A table's column and the words beside it, in every setting: on one screen, what happens
    is read next to the table it happens on (a phone's narrow window stacks them). `wide`
    gives the table two thirds of the width, not three fifths."""
    return tuple(st.columns([2, 1] if wide else [3, 2], gap="medium"))


@contextlib.contextmanager
def folded_box(
    label: str, key: str, *, open_now: bool = False, icon: str | None = None
) -> Iterator[bool]:
    """An expander whose contents are drawn only while it is open; yields whether to draw them.

    A closed expander's contents still cost the browser their drawing at every load (a select
    box or an uploader tens of milliseconds: docs/performance.md), so a closed one here holds
    nothing, and opening it reruns the page to draw them. Widgets' values stay in the session
    state meanwhile (`session.keep_page_settings`). `open_now` draws it open, whatever the
    reader did (a record replaying, a file refused: its uploader must stay).
    """
    if open_now:
        with st.expander(label, expanded=True, icon=icon):
            yield True
        return
    keep_open(key, label)
    with st.expander(label, icon=icon, key=key, on_change="rerun") as box:
        yield bool(box.open)


def keep_open(key: str, label: str) -> None:
    """Keep a keyed expander or popover open when its label changes. Streamlit counts the label
    in such a box's identity, and a new box starts closed: a "Settings: ..." box, whose label
    names the settings in it, closed at every change made in it. Call it just before drawing
    the box."""
    was = f"{key}.label"
    if st.session_state.get(was, label) != label and st.session_state.get(key):
        st.session_state[key] = True
    st.session_state[was] = label


@contextlib.contextmanager
def settings_box(page: str, summary: str, *, folded: bool | None = None) -> Iterator[bool]:
    """Where a page's game settings go: in the open, or folded (`folded_box`) in an expander that
    names them (`summary`) so the table fits the window; folded in the classroom setting by
    default. Yields whether to draw the settings (not while folded and closed)."""
    if folded is None:
        folded = context().large
    if not folded:
        with st.container():
            yield True
        return
    with folded_box(f"Settings: {summary}", settings_key(page), icon=":material/tune:") as shown:
        yield shown


def settings_key(page: str) -> str:
    """The session-state key holding whether a page's folded settings box is open."""
    return f"{page}.settings_open"


#: The step controls (`step_controls`): one element, its script and style the files beside this
#: module. Streamlit's four buttons and slider were seven elements a step redrew, the slider
#: measuring its thumb's label at each (docs/performance.md, "Step controls").
_STEP_CONTROLS = st.components.v2.component(
    "step_controls",
    css=component.asset(HERE / "step_controls.css"),
    js=component.script(HERE / "step_controls.js"),  # after activate.js: its `isDark`
)


def step_controls(
    page: str,
    frames: Sequence,
    *,
    share_step: bool,
    jumps: Mapping[str, tuple[str, str, Callable[[int], int]]] | None = None,
) -> int:
    """First, Back, Next, Last and a slider over the steps of `frames`, kept in
    `st.session_state[f"{page}.step"]`; returns the step to show (clamped to the frames).

    `jumps[name] = (icon, label, target)` adds a button after Next, its words `label`, that
    moves to `target(step)`. A button that would not move is shown disabled (it says so on its
    face: a tooltip needs a hover a phone has not). `share_step` puts the step in the page's
    link (a replayed upload has no link to share).

    One Components v2 element (`step_controls.js`): a step redraws one element where
    Streamlit's own buttons and slider were seven. A press sends the button's name and the
    server moves from the step it holds (two quick presses are two steps, as with
    `st.button`); the slider sends the step it was let go at. Anything else sent is ignored.
    """
    key = f"{page}.step"
    last = last_step(frames)
    st.session_state[key] = clamp_step(st.session_state[key], frames)
    buttons = step_buttons(last, jumps)

    def moved() -> None:
        sent = component.clicked(f"{page}.steps", "move")
        target = step_target(sent, buttons, st.session_state[key])
        if target is not None:
            st.session_state[key] = clamp_step(target, frames)

    now = st.session_state[key]
    shown = [
        {"name": name, "icon": icon, "label": label, "moves": clamp_step(to(now), frames) != now}
        for name, (icon, label, to) in buttons.items()
    ]
    _STEP_CONTROLS(
        key=f"{page}.steps",
        data={"buttons": shown, "step": now, "last": last, "large": context().large},
        on_move_change=moved,
    )
    if share_step:
        share(step=now)
        st.query_params["step"] = str(now)  # a step alone reruns only the page's fragment
    return now


def step_buttons(
    last: int, jumps: Mapping[str, tuple[str, str, Callable[[int], int]]] | None = None
) -> dict[str, tuple[str, str, Callable[[int], int]]]:
    """The step controls' buttons in their order, each `name: (icon, label, target)`: First,
    Back, Next, a page's `jumps`, Last (`last` the last step)."""
    return {
        "first": ("first_page", "First", lambda step: 0),
        "back": ("chevron_left", "Back", lambda step: step - 1),
        "next": ("chevron_right", "Next", lambda step: step + 1),
        **(jumps or {}),
        "last": ("last_page", "Last", lambda step: last),
    }


def step_target(sent: object, buttons: Mapping, now: int) -> int | None:
    """The step a press of the step controls asks for from step `now`: `{"button": name}` or
    `{"to": step}`; None for anything else (a forged or stale message moves nothing)."""
    if not isinstance(sent, Mapping):
        return None
    name, to = sent.get("button"), sent.get("to")
    if isinstance(name, str) and name in buttons:
        return buttons[name][2](now)
    if isinstance(to, int) and not isinstance(to, bool):
        return to
    return None


def picture(svg: str, alt: str, width: int | None = None, narrow: str | None = None) -> None:
    """An SVG as a data-URI image (inline SVG does not survive Streamlit's HTML cleaning); the
    `narrow` drawing instead in a phone's window."""
    picture_block(app_html.picture_html(svg, alt, width=width, narrow=narrow))


def picture_block(html: str) -> None:
    """A picture's HTML (`app_html.picture_html`), drawn by `st.html`, which the browser takes
    as it is: `st.markdown` parsed every character of its data URIs as markdown first (tens of
    kilobytes: 5 to 13% of a Watch, Whist or Scoring load and of a step, docs/performance.md)."""
    st.html(html)


def table_picture(state, *, names: Sequence[str] | None = None) -> None:
    """A cached game's table (Watch's), its other seats in rows of at most two; on a phone's
    narrow window one a row when there are more than two players, so that every word stays
    readable."""
    nigerian = context().nigerian
    svg = shared_table_svg(state, names, nigerian, row=2)
    narrow = None
    if len(state.hand_sizes) > 2:
        narrow = shared_table_svg(state, names, nigerian, row=1)
    stage_picture(svg, narrow=narrow)


def shared_table_svg(
    state, names: Sequence[str] | None, nigerian: bool, *, row: int | None = None
) -> str:
    """`table_svg` of a cached game's state (Watch's, Side by side's), drawn once a process
    (`shared_drawing`; a three-player table took about 4 ms a drawing)."""
    names = tuple(names) if names else None
    return shared_drawing(table_svg, state, nigerian=nigerian, names=names, row=row)


def shared_drawing(draw: Callable[..., T], shared: object, *args, **options) -> T:
    """`draw(shared, *args, **options)` for an object every session shares and none changes (a
    cached game's state or step: Watch's, Side by side's, Whist's; a lesson's or practice's
    question), drawn once a process for every session that shows it: a class at one link steps
    through the same tables. The other arguments must be hashable; `shared` is compared by
    identity. The drawing is shared too: a table's data (a dict) is read, never changed."""
    return _shared_drawing(draw, _Shared(shared), args, tuple(sorted(options.items())))


class _Shared:
    """A cache key for an object every session shares read-only (a cached game's state),
    compared by identity: drawing its picture costs more than comparing it. The cache holds the
    key, and so the object: no other object can take its id while its entry lives."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Shared) and other.value is self.value


@functools.lru_cache(maxsize=512)
def _shared_drawing(draw: Callable[..., T], shared: _Shared, args: tuple, options: tuple) -> T:
    return draw(shared.value, *args, **dict(options))


def stage_picture(svg: str, alt: str | None = None, narrow: str | None = None) -> None:
    """A table picture, at most as tall as the window leaves room for (`app.page_css`); the
    `narrow` drawing instead in a phone's window. Its alt text by default the picture's own
    words for what it shows to whom it is drawn for (a table's: whose turn, the pile, the
    hands), never more."""
    alt = picture_label(svg) if alt is None else alt
    css = f"whot-pic {app_layout.STAGE_CLASS}"
    html = app_html.picture_html(svg, alt, width=context().table_px, css=css, narrow=narrow)
    picture_block(html)


def source_caption(seed: str, more: str = "") -> None:
    """A source as a reader can look it up: its name and what it is (`whot_core.sources`), never
    a bare file name, which the repository does not hold."""
    st.caption(f"Source: {sources.source_line(seed)}{(' ' + more) if more else ''}")


def download(
    label: str, data: str | bytes, *, file_name: str, mime: str, key: str | None = None
) -> None:
    """A download button that leaves the page as it is: Streamlit's reruns the whole page at a
    click unless told not to (the teacher's report's page, for a class), and the new run could
    replace the button while its file was on its way."""
    st.download_button(
        label,
        data,
        file_name=file_name,
        mime=mime,
        key=key,
        icon=":material/download:",
        on_click="ignore",
    )


def example_lesson(key: str) -> None:
    """The example lesson file to download and start from (two stages, every key a lesson
    needs): a web reader cannot open the repository's guide to lesson files."""
    from whot_core.whot.teach.lesson_files import EXAMPLE_FILE

    download(
        "Download an example lesson file to start from",
        EXAMPLE_FILE.read_bytes(),
        file_name=EXAMPLE_FILE.name,
        mime="application/toml",
        key=key,
    )


def pass_screen(name: str, key: str, show: Callable[[], None], facts: str) -> None:
    """The screen between two people's turns at one table (Play and Play Whist): nobody's hand,
    only `facts` everyone may know, and the button with which `name` asks for theirs (`show`)."""
    with st.container(border=True):
        st.subheader(f"Pass the screen to {name}")
        st.markdown(
            f"Every hand is hidden. **{name}**, press the button when only you can see the screen."
        )
        st.button(
            f"Show {name}'s hand",
            key=key,
            on_click=show,
            type="primary",
            icon=":material/visibility:",
        )
        st.caption(facts)


def search_chart(details: Mapping, **options) -> None:
    """The search player's chart of a step (`search_picture.search_svg`, with its `options`), at
    the classroom setting's size: an SVG like the tables, its narrow drawing on a phone. No
    charting library for the browser to load (plotly's was 4.7 MB of JavaScript a Watch load
    ran), and every number written beside its bar, for a projector and a phone alike."""
    moves = tuple((m["move"], m["visits"], m["share"], m["win_rate"]) for m in details["moves"])
    step = (details["simulations"], details.get("seconds"), moves)
    picture_block(_search_html(step, context().large, tuple(sorted(options.items()))))
    st.caption(SEARCH_CHOICE)


#: How the search chooses, under its chart: without it, a chosen move with a lower estimate
#: than another's looks like a mistake (toolkit/search.py: the guide's head start).
SEARCH_CHOICE = (
    "How the search chooses: it plays the move it tried most. The rules of thumb's move (the "
    "heuristic player's choice) gets a head start, so another move is played instead only when "
    "its tries show it clearly better: with this much luck, a few points between two estimates "
    "is often chance."
)


@functools.lru_cache(maxsize=256)
def _search_html(step: tuple, large: bool, options: tuple) -> str:
    """The chart's HTML for a search's `step` (its simulations, seconds and moves), made once a
    process: the same step is drawn for every session that shows it (a few milliseconds each,
    for a search of a dozen moves)."""
    simulations, seconds, moves = step
    keys = ("move", "visits", "share", "win_rate")
    details = {
        "simulations": simulations,
        "seconds": seconds,
        "moves": [dict(zip(keys, move, strict=True)) for move in moves],
    }
    named = dict(options)
    alt = search_alt(
        details,
        value_label=named.get("value_label", VALUE_LABEL),
        nigerian=named.get("nigerian", False),
        said=named.get("said", ()),
    )
    return app_html.picture_html(
        search_svg(details, large=large, **named),
        alt,
        css="whot-pic whot-search",
        narrow=search_svg(details, large=large, narrow=True, **named),
        tallest=None,
    )
