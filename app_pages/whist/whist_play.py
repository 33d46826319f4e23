"""Play Whist: people in any of the four seats, AI players in the rest, at one screen. The seat
and turn logic is in `whot_core.whist.app.table`; the table you click is `whist_table_component`."""

import streamlit as st

from app_pages.shared import layout, link, records, session
from app_pages.shared.session import PERSIST
from app_pages.whist.settings import LENGTHS, target_input, target_words
from app_pages.whist.table_component import clicked, whist_table
from whot_core.whist import SEATS, TEAMS, WhistRules
from whot_core.whist.app import table as wt
from whot_core.whist.players import LEVELS
from whot_core.whist.show.pictures import table_facts
from whot_core.whot.app import seats as sx

KINDS = (sx.PERSON, *LEVELS)
DEFAULT = "person,heuristic,heuristic,heuristic"

ctx = session.context()
st.title("Play Whist")
INTRO = (
    "Take any seat: South and North are partners against West and East. Follow suit if you "
    "can; each trick past six scores a point. Between two people's turns the screen is passed."
)


def _link_seats(text: str):
    found, problem = sx.read_seats(text)
    if problem is None and (len(found) != 4 or not any(s.is_person for s in found)):
        return (), "seats: four seats, at least one of them a person"
    try:
        for seat in found:
            if seat.name:
                sx.check_name("seats", seat.name)
    except ValueError as error:
        return (), str(error)
    return found, problem


linked = link.url_read("seats", _link_seats, sx.read_seats(DEFAULT)[0])
for _seat in range(4):
    session.init(f"wplay.seat.{_seat}", linked[_seat].kind)
    session.init(f"wplay.name.{_seat}", linked[_seat].name)
session.init("wplay.seed", link.url_int("deal", 1, 0, 10**9))
session.init("wplay.length", link.url_choice("length", "hand", LENGTHS))
session.init("wplay.target", link.url_int("target", WhistRules().target, 1, 13))
session.init("wplay.teacher", False)
linked_cards = link.url_read("cards", lambda text: (tuple(filter(None, text.split("."))), None), ())
link.show_url_problems()


def deal(cards=()) -> None:
    """Seat the chosen people and AI players and deal; a link's cards replay the play so far."""
    levels = [None if st.session_state[f"wplay.seat.{s}"] == "person" else
              st.session_state[f"wplay.seat.{s}"] for s in range(4)]  # fmt: skip
    names = [str(st.session_state.get(f"wplay.name.{s}") or "").strip() for s in range(4)]
    try:
        for seat, name in enumerate(names):
            if levels[seat] is None and name:
                sx.check_name(SEATS[seat], name)
        table = wt.deal(
            levels,
            int(st.session_state["wplay.seed"]),
            names=[n if levels[s] is None else "" for s, n in enumerate(names)],
            rules=WhistRules(
                target=int(st.session_state["wplay.target"]),
                length=st.session_state["wplay.length"],
            ),
        )
    except ValueError as error:
        st.session_state["wplay.problem"] = str(error)
        return
    table, problem = wt.replay(table, cards)
    st.session_state.update({"wplay.table": table, "wplay.problem": problem})
    st.session_state.update({"wplay.shown": None, "wplay.hint": None})


def on_card() -> None:
    table = st.session_state["wplay.table"]
    card = wt.clicked_card(table, clicked("wplay.board"))
    if card is not None:
        st.session_state["wplay.table"] = wt.play(table, card)
        st.session_state["wplay.hint"] = None


def ask_hint() -> None:
    st.session_state["wplay.hint"] = wt.hint(st.session_state["wplay.table"])


def hint_box(table: wt.WhistTable, where: str) -> None:
    """The Hint button on your turn, and the hint asked for. Drawn twice, the page's style
    showing one: `beside` the table at a desk and on a projector (on the first screen with the
    table and the hand); on a `phone` above the table, where the columns stack: under the
    table, the hand and its words it sat at the fold of a 390x844 screen, and a heading a line
    longer or a refusal's words put it across (a target cut short) or under it."""
    with st.container(key=f"wplay-hint-{where}"):
        if table.your_turn:
            key = "wplay.hint_button" + ("" if where == "beside" else f".{where}")
            st.button("Hint", key=key, on_click=ask_hint, icon=":material/lightbulb:")
        if st.session_state.get("wplay.hint"):
            st.info(st.session_state["wplay.hint"], icon=":material/lightbulb:")


def show_hand(seat: int) -> None:
    st.session_state["wplay.shown"] = seat


def seat_controls() -> None:
    """The deal, the length and who sits where; New deal deals them."""
    title = "Settings: the deal, the length, the seats (New deal uses them)"
    with layout.folded_box(title, "wplay.settings_open") as drawn:  # drawn only while open
        if not drawn:
            return
        st.caption(INTRO)
        row = st.columns([1, 2, 1])
        # Each value outlives a visit to another page, chosen in the table's fragment too
        # (`session.PERSIST`).
        row[0].number_input("Seed (the deal)", 0, 10**9, key="wplay.seed", persist_state=PERSIST)
        row[1].radio("Play", list(LENGTHS), key="wplay.length", format_func=LENGTHS.get,
                     horizontal=True, persist_state=PERSIST)  # fmt: skip
        length = st.session_state["wplay.length"]
        target_input(row[2], "wplay.target", length, persist_state=PERSIST)
        st.caption(target_words(length))
        for seat in range(4):
            st.selectbox(
                f"{SEATS[seat]} ({TEAMS[seat % 2]})",
                KINDS,
                format_func=lambda kind: "Person" if kind == sx.PERSON else LEVELS.title(kind),
                key=f"wplay.seat.{seat}",
                persist_state=PERSIST,
            )
            if st.session_state[f"wplay.seat.{seat}"] == "person":
                st.text_input(f"{SEATS[seat]}'s name", key=f"wplay.name.{seat}",
                              max_chars=sx.MAX_NAME, persist_state=PERSIST)  # fmt: skip
        st.caption(LEVELS.caption())


def controls() -> None:
    """New deal, Teacher's view and the settings: beside the table, under what happens, so that
    the table, the hand and the narration keep the first screen."""
    row = st.columns(2, vertical_alignment="center")
    row[0].button("New deal", key="wplay.new", on_click=deal, type="primary", width="stretch")
    with row[1]:  # no help icon on the toggle: a tap on it would show every hand
        layout.toggle(
            "Teacher's view",
            "Every hand face up, for a demonstration: no pass screen, every reason shown.",
            key="wplay.teacher",
            persist_state=PERSIST,
        )
    seat_controls()


if "wplay.table" not in st.session_state:
    deal(linked_cards)
if st.session_state.get("wplay.problem"):
    st.warning(st.session_state["wplay.problem"], icon=":material/block:")
if "wplay.table" not in st.session_state:
    controls()
    link.write_url()
    st.stop()


@st.fragment
def table_view() -> None:
    """The table, what was said and the play so far: a card played, a hint or a hand shown
    reruns only this (and writes the link, which `app.py` writes after a whole run)."""
    table = st.session_state["wplay.table"]
    state = table.state
    teacher = bool(st.session_state["wplay.teacher"])
    several = len(wt.people(table)) > 1
    seats = tuple(
        sx.Seat(level, name if level is None and name != SEATS[s] else "")
        for s, (level, name) in enumerate(zip(table.levels, table.names, strict=True))
    )
    session.share(
        seats=sx.seats_text(seats),
        deal=table.seed,
        length=state.rules.length,
        target=state.rules.target,
    )
    if wt.people_cards(table):
        session.share(cards=".".join(card.ascii for card in wt.people_cards(table)))

    to = wt.pass_due(table, st.session_state.get("wplay.shown"), teacher)
    if to is not None:  # the pass screen: nobody's hand
        layout.pass_screen(
            table.names[to],
            "wplay.show",
            lambda seat=to: show_hand(seat),
            " · ".join(table_facts(state, table.names)),
        )
        controls()
        link.write_url()
        st.stop()

    open_book = table.finished and (several or not wt.people(table))
    viewer = None if open_book else table.human
    picture, news = st.columns([3, 2], gap="medium")
    with picture:
        hint_box(table, "phone")  # above the table, shown on a phone only
        whist_table(
            wt.board_data(table, viewer, face_up=teacher or open_book),
            key="wplay.board",
            on_card=on_card,
            max_height="60vh" if ctx.large else "62vh",
            large=ctx.large,
        )
    reasons = wt.reasons_shown(table, None if teacher else viewer)

    def told(places) -> list[str]:
        """The log's entries at `places`, with the reasons this seat may read."""
        return wt.told(table, places, reasons)

    with news:
        holder = table.names[table.human] if several and not table.finished else None
        layout.whose_view(teacher, "every reason shown", holder)
        if table.finished:
            st.success(" ".join(table.sentences(table.log[-1])[-2:]) or "The play is over.")
        if table.message:
            st.warning(table.message, icon=":material/block:")
        hint_box(table, "beside")  # beside the table, hidden on a phone
        st.markdown("**Since your last card**")
        st.markdown("\n".join(told(wt.since_last_card(table, viewer)[-8:])))
        if not table.finished and not teacher:
            st.caption("The AI players' reasons show when the play is over: they name their cards.")
        controls()

    with layout.folded_box("The whole play so far", "wplay.log_open") as drawn:
        if drawn:
            st.markdown("\n".join(told(range(len(table.log)))))
    if table.finished:
        records.record_download(
            "whist",
            state.record().to_json(),
            "Replay it on the Whist page (Replay a Whist game record).",
        )
    link.write_url()


table_view()
