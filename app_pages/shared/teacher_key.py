"""A Classroom room's teacher key, kept off the address bar.

The key runs the room: ask, reveal, skip, take a student out, close, delete, read the report.
The teacher projects their page, and a student who read a key in the address bar could run
the room from a phone. So the teacher's address holds no secret, `?room=CODE&teach=1`, and the
key is kept where the class cannot read it: in this server's session, and in the teacher's own
browser (localStorage, by the seat keeper's element under `teach:CODE`, as a student's place
is kept), so that a reload of the projector comes back to the teacher's view. A browser that
holds no key for the room (another laptop, a student's phone) sees no teacher's control; it is
told so and may type the key, which the teacher's view shows in a folded box. The server stays
the judge: every action checks the key (`Classroom.teacher`). A closed or deleted room's key is
forgotten by the browser: the report names every student's answers, and a classroom's computer
is shared. An older teacher's link with `&key=` in it still opens the room; the page takes the
key out of the address at once (`classroom.py`)."""

from __future__ import annotations

import time

import streamlit as st

from app_pages.shared import room_views, seat_keeper
from whot_core.classroom.codes import Throttle
from whot_core.classroom.room import Classroom, RoomRecord
from whot_core.classroom.store import Refused

#: The rooms whose key this session has told its browser to forget (closed, deleted, or a key
#: the room refused): what the browser said it kept for them before is not read again.
FORGOTTEN = "teacher_key.forgotten"
#: What this run's element does with the browser's key (`mount`, last on the page).
PENDING = "teacher_key.pending"


@st.cache_resource
def throttle() -> Throttle:
    """Wrong keys typed, slowed down by session as wrong codes are (`Throttle`)."""
    return Throttle()


def _place(code: str) -> str:
    return f"teach:{code}"


def _will(code: str, *, save: str = "", forget: bool = False) -> None:
    """What `mount` is to tell the browser about room `code`'s key this run (nothing: read it)."""
    forgotten = st.session_state.setdefault(FORGOTTEN, set())
    if forget:
        forgotten.add(code)
    elif save:
        forgotten.discard(code)
    st.session_state[PENDING] = (code, save, forget)


def forget(code: str) -> None:
    """Forget room `code`'s key in this browser (a room deleted), when the page next `mount`s."""
    _will(code, forget=True)


def mount() -> None:
    """The browser's element, once a run and last on the page (an element takes a line's gap:
    at the top, it pushed the projector's leaders below a 720 px screen's first fold)."""
    if pending := st.session_state.pop(PENDING, None):
        code, save, forget_it = pending
        keep = {"token": save, "name": "teacher"} if save else None
        seat_keeper.mount(_place(code), save=keep, forget=forget_it)


def teacher_url(base: str, code: str) -> str:
    """The teacher's address: the room's code and that this is its teacher's page, no key."""
    return f"{base}?room={code}&teach=1"


def confirmed(rooms: Classroom, room: RoomRecord, key: str) -> str:
    """The room's key when this session or browser holds the right one (kept, or forgotten
    when the room is closed); else "" after drawing why there are no teacher's controls and
    the field for the key. What the browser is told is done by `mount`, after the page."""
    code = room.code
    if key:
        try:
            rooms.teacher(code, key)
        except Refused:  # the room's key is not this (its code given again after a delete)
            st.session_state["room.key"] = ""
            forget(code)
            key_form(rooms, room, "That teacher key does not run this room.")
            return ""
        _will(code, forget=room.closed, save="" if room.closed else key)
        return key
    if code in st.session_state.get(FORGOTTEN, ()):
        forget(code)  # again: the element stays on the page
        key_form(rooms, room)
        return ""
    _will(code)
    seat = seat_keeper.seat(_place(code))
    if seat is None and not seat_keeper.answered(_place(code)):
        st.caption("Looking in this browser for the room's teacher key…")  # the browser
        return ""  # answers at once, and the page runs again
    if seat is None:
        key_form(rooms, room)
        return ""
    try:
        rooms.teacher(code, seat["token"])
    except Refused:
        forget(code)
        key_form(rooms, room, "The teacher key this browser kept for this room no longer runs "
                 "it: it is forgotten.")  # fmt: skip
        return ""
    st.session_state["room.key"] = seat["token"]
    _will(code, save=seat["token"])
    return seat["token"]


def key_form(rooms: Classroom, room: RoomRecord, refused: str = "") -> None:
    """The teacher's address in a browser without the room's key: no control, the plain reason,
    and a password field for the key (a wrong one is refused and changes nothing)."""
    st.title(room.title)
    st.caption(f"Room {room.code} · the teacher's page")
    if refused:
        st.warning(refused)
    room_views.alert("This browser does not hold this room's teacher key, so it shows none of "
                     "the teacher's controls.", "info")  # fmt: skip
    if room.closed:
        st.markdown("The room is closed. Are you its teacher? Type its teacher key to open the "
                    "report.")  # fmt: skip
    else:
        st.markdown("Are you the teacher? On the screen that runs the room, open **Run this "
                    "room from another device** (not while the class can see it) and type its "
                    "key here.")  # fmt: skip
    typed = st.text_input("The room's teacher key", type="password", key="room.key.typed",
                          width=420)  # fmt: skip
    if st.button("Run the room", type="primary", key="room.key.enter", icon=":material/key:"):
        who = st.session_state["room.session"]
        wait = throttle().wait(who, time.time())
        if wait > 0:
            st.warning(f"Too many wrong keys: try again in {wait:.0f} seconds.")
        else:
            try:
                rooms.teacher(room.code, typed.strip())
            except Refused:
                throttle().failed(who, time.time())
                st.error("That is not this room's teacher key. Nothing was changed.")
            else:
                throttle().succeeded(who)
                st.session_state["room.key"] = typed.strip()
                st.rerun()
    st.button("I am a student: join the room", key="room.key.student", on_click=as_student)


def as_student() -> None:
    """Leave the teacher's address for the room's join form."""
    st.session_state.update({"room.teach": False, "room.key": ""})


def key_box(room: RoomRecord, key: str, address: str) -> None:
    """The key, for the teacher's other device, in a box folded by default and folded again at
    each step of the room: opened once, it must not stay open on the projector."""
    if room.closed:
        label = "The teacher key, to open this report later (not on the projector)"
        said = ("This browser forgot the key when the room closed. To read this report later, "
                "open the teacher's address on any device and type the key.")  # fmt: skip
    else:
        label = "Run this room from another device (not on the projector)"
        said = ("Do not open this while the class can see the screen: whoever reads the key "
                "can run the room. On your other device, open the teacher's address and type "
                "the key.")  # fmt: skip
    with st.expander(label, icon=":material/key:", key=f"room.key.box.{room.stage}"):
        st.markdown(said)
        st.caption("The teacher's address")
        st.code(address, language=None, wrap_lines=True)
        st.caption("The teacher key")
        st.code(key, language=None)
