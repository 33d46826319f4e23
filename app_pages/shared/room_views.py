"""The Classroom page's pieces: the join code with its link and QR code, the names of the
class, a phone's answer buttons, the live tally, the answers' chart, the leaderboard and
podium, and the watcher that redraws a screen only when its room has changed. Every name a
student typed is escaped here: it shows as text, never as markup."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path

import segno
import streamlit as st

from app_pages.shared import component
from whot_core.classroom.codes import name_key
from whot_core.classroom.questions import QuizQuestion, choice_button
from whot_core.classroom.room import Place
from whot_core.classroom.store import NameTaken, Refused, TooLate
from whot_core.learn import page as learn

HERE = Path(__file__).resolve().parent

#: How often a screen asks whether its room changed (seconds): the projector, for the live
#: tally (an answer shows within this, plus a redraw); a phone, for the teacher's next step.
PROJECTOR_POLL = 1.0
PHONE_POLL = 3.0
#: The QR code's size on the projector, in pixels: about 9 cm on a 2 m wide picture, which a
#: phone reads from the back of a classroom.
QR_PX = 360


def html(markup: str) -> None:
    """Markup this module built, with every user's text escaped in it."""
    st.markdown(markup, unsafe_allow_html=True)


#: The tones of `alert`, as Streamlit's own boxes colour them (background, text).
TONES = {
    "error": ("rgba(255, 43, 43, 0.09)", "rgb(125, 53, 59)"),
    "warning": ("rgba(255, 189, 69, 0.2)", "rgb(146, 108, 5)"),
    "success": ("rgba(33, 195, 84, 0.1)", "rgb(23, 114, 51)"),
    "info": ("rgba(28, 131, 225, 0.1)", "rgb(0, 66, 128)"),
}


def alert(words: str, tone: str = "error") -> None:
    """A box like Streamlit's `st.error` (or `tone`) for words with people's names in them.
    Streamlit's boxes read Markdown, where a name like `[x](https://...)` became a link (and
    any address in it a link of its own); here the words are escaped HTML, shown as text."""
    background, colour = TONES[tone]
    html(
        f'<div role="{"alert" if tone in ("error", "warning") else "status"}" '
        f'style="background:{background};color:{colour};border-radius:0.5rem;'
        f'padding:0.75rem 1rem;margin:0 0 1rem 0">{escape(words)}</div>'
    )


def qr_image(url: str) -> str:
    """The join link as a QR code (segno), dark on white with the quiet zone it needs, as an
    image `QR_PX` wide."""
    uri = segno.make(url, error="m").svg_data_uri(scale=10, border=4, dark="#111", light="#fff")
    return (
        f'<div class="room-qr"><img src="{uri}" alt="QR code of {escape(url)}" '
        f'style="width:{QR_PX}px;max-width:100%;height:auto"/></div>'
    )


def link_markup(url: str) -> str:
    """The join link, escaped, for a narrow screen: it may wrap after a "/" of its path and
    before its "?" and each "&", never inside a part, so that `?table=CODE` (or
    `?room=CODE`) reads whole on one line (it broke at any letter, "?table" / "=CODE")."""
    parts = re.split(r"(?<=/)(?!/)|(?=[?&])", url)
    return "<wbr>".join(
        f'<span class="room-link-part">{escape(part)}</span>' if part[:1] in "?&" else escape(part)
        for part in parts
        if part
    )


def join_panel(code: str, url: str) -> None:
    """The code in large letters, the link, and the QR code, for the back of the room."""
    html(
        f'<div class="room-join"><div class="room-code-label">Join at</div>'
        f'<div class="room-link">{link_markup(url)}</div>'
        f'<div class="room-code-label">with the code</div>'
        f'<div class="room-code" aria-label="the code {escape(" ".join(code))}">{escape(code)}'
        f"</div>{qr_image(url)}</div>"
    )


def names(present: list[str]) -> None:
    """The students who have joined, as name chips (escaped: a name is text)."""
    chips = "".join(f'<span class="room-name">{escape(name)}</span>' for name in present)
    count = len(present)
    html(f'<div class="room-count">{count} student{"" if count == 1 else "s"} in the room</div>'
         f'<div class="room-names">{chips}</div>')  # fmt: skip


def task(text: str) -> None:
    """The question's task, large, for the back of the room."""
    html(f'<div class="room-task">{escape(text)}</div>')


def refused_join(error: Refused, kept: str | None = None) -> str:
    """Why a join was refused, as the phone says it. A name taken is said as the room has it,
    with the way back for a student it belongs to: their place is kept in the browser they
    joined with, which offers it at the room's link (`kept`: the name this browser keeps a
    place for, when the page has the room's code). A new device cannot take it back."""
    if not isinstance(error, NameTaken):
        return error.sentence
    if kept and name_key(kept) == name_key(error.name):
        return (
            f"{error.name} is in this room already: if that is you, tap Back to that place, above."
        )
    return (
        f"{error.name} is in this room already. If that is you, open the room's link (scan "
        "the QR code) on the phone or computer you joined with: it offers Back to that "
        "place. If not, add a letter to your name, such as your surname's first."
    )


def answer_buttons(send: Callable[[list[int]], object], number: int,
                   quiz: QuizQuestion) -> None:  # fmt: skip
    """A phone's answer to question `number`: a button a choice, or the cards to tap and Send;
    `send` gives the store the choice numbers. A refusal is said under this question's
    buttons, never the next's; one for coming too late, on the question's revealed screen."""
    refused = f"room.refused.{number}"

    def sent(picked: list[int]) -> None:
        try:
            send(picked)
        except TooLate:  # the store noted it: the page redraws the question revealed (or
            pass  # skipped) and says so there, and after a reload too (`Snapshot.was_late`)
        except Refused as error:
            st.session_state[refused] = error.sentence

    if quiz.many:
        chosen = st.pills("Tap every card that may be played", range(len(quiz.labels)),
                          selection_mode="multi", format_func=lambda n: quiz.labels[n],
                          key=f"room.cards.{number}")  # fmt: skip
        st.button("Send my answer", type="primary", on_click=sent, args=(list(chosen),),
                  key=f"room.send.{number}", width="stretch")  # fmt: skip
    else:
        for n in range(len(quiz.labels)):
            st.button(choice_button(quiz, n), on_click=sent, args=([n],),
                      key=f"room.choice.{number}.{n}", width="stretch")  # fmt: skip
    if refused in st.session_state:
        st.warning(st.session_state.pop(refused))


def answer_explained(quiz: QuizQuestion, nigerian: bool) -> str:
    """The engine's explanation of the right answer, as markdown: a card's reason a line."""
    text = learn.feedback(quiz.question, quiz.question.answer, nigerian).explanation
    return learn.explanation_markdown(quiz.question, text, nigerian)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def tally(answered: int, present: int) -> None:
    html(f'<div class="room-tally" role="status">{answered} of {present} answered</div>')


def chart_height(rows: int) -> int:
    """The answers' chart's height in pixels: 46 a bar up to four, 36 a bar beyond (a card
    question's sets given), so that a chart of five is no taller than one of four and a half."""
    return 8 + rows * (46 if rows <= 4 else 36)


#: The most bars the answers' chart draws: a card question's class gives as many sets of cards
#: as it likes (ten sets drew the chart 400 px tall, the leaders under it below a 720 px
#: projector's first screen); past this, the sets given least are one bar, "n other answers".
CHART_ROWS = 5


def chart_rows(
    rows: list[tuple[str, int, bool]], most: int = CHART_ROWS
) -> list[tuple[str, int, bool]]:
    """The answers' chart's bars: `rows` (each answer, how many gave it, whether it is right)
    when there are `most` or fewer; else the `most` - 1 given most (the earlier of a tie), the
    right answer always among them, in their order, and the rest in one bar last, its count
    everyone who gave one of them."""
    if len(rows) <= most:
        return rows
    ranked = sorted(range(len(rows)), key=lambda i: -rows[i][1])  # stable: ties keep order
    keep = ranked[: most - 1]
    right = next((i for i, row in enumerate(rows) if row[2]), None)
    if right is not None and right not in keep:
        keep[-1] = right
    rest = [row for i, row in enumerate(rows) if i not in keep]
    kept = [row for i, row in enumerate(rows) if i in keep]
    return [*kept, (f"{len(rest)} other answers", sum(n for _, n, _ in rest), False)]


#: The most characters of a bar's label, " (right)" included: a longer answer (six cards'
#: names) ran past the chart's left edge, its start cut; it ends in "…" after a whole card,
#: and is whole in the bar's hover and, the right one, in the answer above the chart.
LABEL_CHARS = 40


def bar_label(label: str, right: bool) -> str:
    """A bar's label: the answer, " (right)" after the right one, at most `LABEL_CHARS`."""
    mark = " (right)" if right else ""
    room = LABEL_CHARS - len(mark)
    if len(label) > room:
        cut = label[: room - 3]
        label = cut[: cut.rfind(", ")] + ", …" if ", " in cut else label[: room - 1] + "…"
    return label + mark


def distribution_chart(rows: list[tuple[str, int, bool]], large: bool):
    """How many gave each answer, the right one green: a plotly bar chart of at most
    `CHART_ROWS` bars (`chart_rows`)."""
    import plotly.graph_objects as go

    from whot_core.whot.show.figures import INK

    rows = chart_rows(rows)
    places = list(range(len(rows)))  # each bar at its place, its label a tick's text: two
    figure = go.Figure(  # answers shortened alike stay two bars
        go.Bar(
            x=[n for _, n, _ in rows],
            y=places,
            customdata=[label for label, _, _ in rows],
            orientation="h",
            marker_color=["#1b7f3b" if right else "#9aa3ad" for _, _, right in rows],
            text=[n for _, n, _ in rows],
            # after each bar, upright: "auto" turned a count sideways to fit a thin bar
            textposition="outside",
            textangle=0,
            cliponaxis=False,
            hovertemplate="%{customdata}: %{x}<extra></extra>",
        )
    )
    size = 22 if large else 15
    most = max((n for _, n, _ in rows), default=0)
    # The axes' words set on the axes themselves: Streamlit's chart theme draws ticks at its
    # own 12 px in grey otherwise, unreadable on a projector, and the answers are the ticks.
    words = {"size": size, "color": INK}
    # No count axis: each bar's count is written after it. The chart stays short, so that the
    # leaders under it are on a 720 px projector's first screen (an axis and its title, and
    # 70 px a bar, took 280 px for four answers).
    figure.update_layout(
        height=chart_height(len(rows)),
        margin={"l": 10, "r": 10, "t": 4, "b": 4},
        font=words,
        yaxis={"autorange": "reversed", "tickmode": "array", "tickvals": places,
               "ticktext": [bar_label(label, right) for label, _, right in rows],
               "tickfont": words},
        xaxis={"visible": False, "dtick": 1, "tickfont": words,
               "range": [0, most * 1.15 + 1]},  # room for the counts; no "-1" before answers
    )  # fmt: skip
    figure.update_traces(textfont=words)
    return figure


def leaderboard(places: list[Place], most: int = 10) -> None:
    """The leading places on the projector: only students who scored. A student at 0 points is
    not named on the wall for the class to see (their phone tells them); nothing before anyone
    has scored."""
    scored = [p for p in places if p.points > 0][:most]
    if not scored:
        return
    rows = "".join(
        f"<tr><td>{p.rank}</td><td>{escape(p.name)}</td><td>{p.points}</td><td>{p.right}</td></tr>"
        for p in scored
    )
    html(
        '<table class="room-board"><thead><tr><th>#</th><th>Student</th><th>Points</th>'
        f"<th>Right</th></tr></thead><tbody>{rows}</tbody></table>"
    )


def podium(places: list[Place]) -> None:
    """The first three places on steps: second, first, third, as a podium stands; a place
    nobody takes (only one scorer, or two tied first) has no step, rather than an empty "2nd"."""
    if not places:
        html('<div class="room-task">Nobody scored in this quiz.</div>')
        return
    medals = {1: "1st", 2: "2nd", 3: "3rd"}  # words, not emoji: a projector may lack their font
    steps = {1: [], 2: [], 3: []}
    for place in places:
        steps[place.rank].append(place)
    columns = "".join(
        f'<div class="room-step room-step-{rank}"><div class="room-medal">{medals[rank]}</div>'
        + "".join(
            f'<div class="room-winner">{escape(p.name)}<br><small>{p.points} points</small></div>'
            for p in steps[rank]
        )
        + "</div>"
        for rank in (2, 1, 3)
        if steps[rank]
    )
    html(f'<div class="room-podium">{columns}</div>')


_PAGE_TOP = st.components.v2.component("room_page_top", js=component.asset(HERE / "page_top.js"))


def top_when_moved(code: str, stage: int | str) -> None:
    """Bring the projector's page back to its top when the teacher's step changes, or the room
    does (one just opened from the form): the buttons (Reveal, Next question) sit under the
    question, and after a click the next question's start, or the answer over the chart, would
    be out of the room's sight until the teacher scrolls back up in front of the class. Play
    together's screens use it too, a table's phase for its stage."""
    _PAGE_TOP(key="room.page_top", data={"stage": f"{code}/{stage}"})


def watch(
    counter: Callable[[], object],
    seen: object,
    every: float,
    draw: Callable[[], None] | None = None,
) -> None:
    """Redraw the page when its room has changed, and only then: a fragment reruns every
    `every` seconds, asks the store for one counter (one indexed row) and, when it is still
    `seen` (the page read it before it read the room), only draws `draw` (the live tally: a
    few rows) or nothing; otherwise the whole page reruns."""

    @st.fragment(run_every=every)
    def watcher() -> None:
        if counter() != seen:
            st.rerun()
        if draw is not None:
            draw()

    watcher()


STYLE = """
<style>
.room-join { text-align: center; }
.room-code-label { font-size: 1.3rem; color: #555; }
/* The link wraps where `link_markup` lets it; a part longer than a line (a long host name)
   breaks where it must rather than leave the screen. A query's part (`?table=CODE`) never. */
.room-link { font-size: 1.4rem; font-weight: 600; overflow-wrap: anywhere; }
.room-link-part { white-space: nowrap; }
.room-code { font-size: 5rem; font-weight: 800; letter-spacing: .15em; line-height: 1.1;
  white-space: nowrap;
  font-family: ui-monospace, monospace; }
.room-count { font-size: 1.5rem; font-weight: 700; margin: .5rem 0; }
.room-names { display: flex; flex-wrap: wrap; gap: .4rem; }
.room-name { background: #eef3f8; border-radius: 1rem; padding: .25rem .8rem; font-size: 1.2rem;
  white-space: pre-wrap; }
.room-tally { font-size: 2.6rem; font-weight: 800; margin: .5rem 0; }
.room-task { font-size: 1.8rem; font-weight: 700; }
.room-board { font-size: 1.3rem; width: 100%; }
table.room-board th, table.room-board td { padding: .1rem .5rem !important; }
.room-podium { display: flex; align-items: flex-end; justify-content: center; gap: 1rem; }
.room-step { background: #f3f0e6; border-radius: .5rem .5rem 0 0; padding: 1rem;
  flex: 1 1 0; min-width: 0; max-width: 14rem; text-align: center; font-size: 1.5rem;
  overflow-wrap: anywhere; }
.room-step-1 { min-height: 16rem; background: #f7e7a6; }
.room-step-2 { min-height: 12rem; }
.room-step-3 { min-height: 9rem; }
.room-medal { font-size: 2.4rem; font-weight: 800; }
.room-winner { font-weight: 700; white-space: pre-wrap; }
@media (max-width: 640px) {
  .room-podium { gap: .4rem; }
  .room-step { padding: .5rem .3rem; font-size: 1.1rem; }
  .room-medal { font-size: 1.6rem; }
}
.st-key-room-phone .stButton button { min-height: 3.2rem; font-size: 1.15rem; }
.st-key-room-phone .stButton button p { font-size: 1.15rem; }
/* A card question's cards to tap (pills): as large as the answer buttons, a thumb's size */
.st-key-room-phone [data-testid="stButtonGroup"] button { min-height: 3rem; padding: .4rem 1rem; }
.st-key-room-phone [data-testid="stButtonGroup"] button p { font-size: 1.15rem; }
</style>
"""


def style() -> None:
    html(STYLE)
