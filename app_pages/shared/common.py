"""What every page of the explorer shares: the sidebar, the URL, pictures, and cached games.

Only Streamlit glue lives here; the logic is in `whot_core` (mostly `whot_core.whot.app`). The
sidebar writes a `Context` into the session each run; pages read it with `context()` and add
their own URL parameters with `share()`; `app.py` writes the URL once the page has run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from whot_core import Rules
from whot_core.toolkit import sources
from whot_core.whist import SEATS as WHIST_SEATS
from whot_core.whist import WhistRules
from whot_core.whist import players as whist_players
from whot_core.whist.engine.records import WhistRecord
from whot_core.whist.show import viewer as whist_viewer
from whot_core.whot import app as ex
from whot_core.whot.players.simulate import Comparison, compare, derive_seed
from whot_core.whot.show.pictures import table_svg
from whot_core.whot.show.viewer import Frame, clamp_step, frames_from_record, last_step, play_frames

#: The Watch page stops a game after this many moves: long enough for any sensible game, short
#: enough that a game of searching players never keeps a reader waiting (RULES.md has no limit).
WATCH_MAX_MOVES = 600

#: Card and table sizes: a screen, or the classroom setting (a projector).
CARD_PX = {False: 86, True: 140}
TABLE_PX = {False: 720, True: 1100}

#: Room above a table picture on Watch and Whist (title, settings, step buttons), per setting:
#: the table is at most the window's height less this, so it shows whole with its controls.
STAGE_TOP_PX = {False: 215, True: 210}
#: The Play table's greatest height: the window less the room for the title, the settings and
#: the words under the table (what was said, how to play).
PLAY_TABLE_HEIGHT = {False: "calc(100vh - 300px)", True: "calc(100vh - 250px)"}

_CONTEXT = "ctx"
_URL = "url"
_PRESET = "rule.preset"
_LARGE = "view.large"
_NIGERIAN = "view.nigerian"
_REFUSAL = "rule.refusal"  # (control key, message): the last change the rules refused


@dataclass
class Context:
    """The shared settings of this run: the rules, their preset, and the presentation."""

    preset: str
    rules: Rules
    nigerian: bool
    large: bool  # the classroom setting: large text, cards, charts and tables
    refused: dict[str, str]
    params: dict[str, str] = field(default_factory=dict)

    @property
    def classroom(self) -> bool:
        return self.large

    @property
    def card_px(self) -> int:
        return CARD_PX[self.large]

    @property
    def table_px(self) -> int:
        return TABLE_PX[self.large]


# --------------------------------------------------------------------------------- start-up


def start_session() -> None:
    """On a session's first run, set the sidebar from the URL (a shared link), once."""
    if _URL in st.session_state:
        return
    url = st.query_params.to_dict()
    st.session_state[_URL] = url
    read = ex.params_to_rules(url)
    st.session_state[_PRESET] = read.preset
    st.session_state.update(ex.control_values(read.rules))
    st.session_state[_LARGE] = ex.classroom_from_params(url)
    st.session_state[_NIGERIAN] = url.get("names") == "nigerian"
    st.session_state["url.problems"] = list(read.problems)


def url_int(name: str, default: int, low: int, high: int) -> int:
    """An integer from the link the session opened with (a bad one is named, then ignored)."""
    value, problem = ex.read_int(_link(name), name, default, low, high)
    _url_problem(problem)
    return value


def url_lineup(name: str, default: Sequence[str], allowed: Sequence[int]) -> tuple[str, ...]:
    levels, problem = ex.read_lineup(_link(name), name, default, allowed)
    _url_problem(problem)
    return levels


def url_choice(name: str, default: str, options: Sequence[str]) -> str:
    """One of `options` from the link (a bad one is named, then the default is used)."""
    value, problem = ex.read_choice(_link(name), name, default, options)
    _url_problem(problem)
    return value


def url_params(*names: str) -> dict:
    """The link the session opened with, for a page that reads `names` from it with its own
    parser (it then names any problem with `url_problem`)."""
    st.session_state.setdefault("url.read", set()).update(names)
    return st.session_state.get(_URL, {})


def url_problem(problem: str | None) -> None:
    """A problem a page found with its link, named with the others (`show_url_problems`)."""
    _url_problem(problem)


def url_read(name: str, read: Callable[[str], tuple[Any, str | None]], default: Any) -> Any:
    """A page's own setting from the link, read from its text by `read` (which gives the value
    and a problem, or None); a bad one is named and `default` used."""
    link = _link(name)
    if name not in link:
        return default
    text = link[name]
    value, problem = read(str(text[-1] if isinstance(text, list | tuple) else text))
    _url_problem(problem)
    return default if problem and not value else value


def _link(name: str) -> dict:
    """The link the session opened with, noting that this page reads `name` from it."""
    st.session_state.setdefault("url.read", set()).add(name)
    return st.session_state.get(_URL, {})


def _url_problem(problem: str | None) -> None:
    """Note a problem with the link, once a session: pages read the link on every run."""
    if problem and problem not in st.session_state.setdefault("url.named", set()):
        st.session_state.setdefault("url.problems", []).append(problem)


def init(key: str, value: Any) -> None:
    """Give a widget its first value (from the URL or a default) without fighting its state."""
    if key not in st.session_state:
        st.session_state[key] = value


#: Page widgets whose values outlive a visit to another page.
KEPT = (
    "watch.players", "watch.seed", "watch.sims", "watch.step",
    *(f"watch.level.{seat}" for seat in range(4)),
    "score.players", "score.seed", "score.format", "score.match_players",
    "compare.a", "compare.b", "compare.players", "compare.level", "compare.games", "compare.seed",
    "compare.until", "compare.within",
    "play.seed", "play.players", "play.teacher",
    *(f"play.seat.{seat}" for seat in range(10)), *(f"play.name.{seat}" for seat in range(10)),
    "side.b", "side.players", "side.seed", "side.step",
    *(f"side.level.{seat}" for seat in range(4)),
    "learn.mode", "learn.quiz", "learn.lesson", "learn.stage", "learn.kind", "learn.seed",
    "learn.focus", "learn.game",
    "whist.seed", "whist.sims", "whist.target", "whist.length", "whist.shown", "whist.step",
    *(f"whist.level.{seat}" for seat in range(4)),
    "wplay.seed", "wplay.length", "wplay.target", "wplay.teacher",
    *(f"wplay.seat.{seat}" for seat in range(4)), *(f"wplay.name.{seat}" for seat in range(4)),
)  # fmt: skip


def keep_page_settings() -> None:
    """Keep page widgets' values while another page is shown. Streamlit drops the state of a
    widget that was not drawn in a run; writing the value back, every run, before any page
    draws, makes it plain session state that survives."""
    rule_keys = (_PRESET, *(control.key for control in ex.controls()))
    for key in (*KEPT, *rule_keys):  # the rule controls too: the Whist page does not draw them
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


# ---------------------------------------------------------------------------------- sidebar


def _reset_to_preset() -> None:
    st.session_state.update(ex.control_values(Rules.preset(st.session_state[_PRESET])))


def _control(control: ex.Control) -> None:
    changed = {"on_change": _check_change, "args": (control,)}
    if control.widget == "toggle":
        st.toggle(control.label, key=control.key, help=control.help, **changed)
    elif control.widget == "select":
        st.selectbox(
            control.label,
            control.options,
            key=control.key,
            help=control.help,
            format_func=lambda value: ex.option_label(value, control.field),
            **changed,
        )
    else:
        st.slider(
            control.label,
            control.minimum,
            control.maximum,
            key=control.key,
            help=control.help,
            **changed,
        )
    refusal = st.session_state.get(_REFUSAL)
    if refusal and refusal[0] == control.key:  # said where the change was made, under it
        st.warning(refusal[1], icon=":material/block:")


def _check_change(control: ex.Control) -> None:
    """A control's callback: a change the rules refuse puts the control back where it was, and
    says why under it (the engine's reason, the control's own label)."""
    st.session_state.pop(_REFUSAL, None)
    before = st.session_state.get(_CONTEXT)
    base = Rules.preset(st.session_state[_PRESET])
    resolved = ex.resolve(base, {c.key: st.session_state.get(c.key) for c in ex.controls()})
    if not resolved.refused or before is None:
        return
    wanted = st.session_state[control.key]
    kept = ex.control_values(before.rules)[control.key]
    st.session_state[control.key] = kept
    reasons = "; ".join(ex.refusal_reason(why) for why in resolved.refused.values())
    st.session_state[_REFUSAL] = (
        control.key,
        f"{control.label} stays at {ex.option_label(kept, control.field)}, not "
        f"{ex.option_label(wanted, control.field)}: "
        f"{reasons}.",
    )


def sidebar(*, whot_rules: bool = True) -> Context:
    """The preset, every toggle (generated from the rules' fields), and the presentation.

    Without `whot_rules` (the Whist page), only the presentation is drawn: the Whot toggles keep
    their values for the other pages but would mean nothing next to a game of Whist.
    """
    if not whot_rules:
        return _presentation_only()
    with st.sidebar:
        st.selectbox(
            "Preset",
            Rules.presets(),
            key=_PRESET,
            format_func=lambda name: Rules.preset_info(name)["title"],
            on_change=_reset_to_preset,
            help="Choosing a preset sets every toggle below to its values.",
        )
        preset = st.session_state[_PRESET]
        base = Rules.preset(preset)
        resolved = ex.resolve(base, {c.key: st.session_state.get(c.key) for c in ex.controls()})
        changed = len(resolved.rules.diff(base))
        st.caption(
            f"{changed} toggle{'s' if changed != 1 else ''} changed from the preset."
            if changed
            else "The preset as it stands."
        )
        for group, names in ex.GROUPS.items():
            with st.expander(group):
                for control in ex.controls():
                    if control.field in names:
                        _control(control)
        st.button("Reset the toggles to the preset", key="rule.reset", on_click=_reset_to_preset)
        for why in resolved.refused.values():
            st.warning(f"Not applied: {why}", icon=":material/block:")
        labels = {c.field: c.label for c in ex.controls()}
        for name, why in resolved.rules.idle_toggles().items():
            st.info(f"{labels[name]} changes nothing here: {why}.", icon=":material/info:")
        st.divider()
        classroom_toggle()
        st.toggle("Nigerian shape names (ball, angle, carpet)", key=_NIGERIAN)
    ctx = Context(
        preset,
        resolved.rules,
        bool(st.session_state[_NIGERIAN]),
        bool(st.session_state[_LARGE]),
        resolved.refused,
    )
    st.session_state[_CONTEXT] = ctx
    return ctx


def _presentation_only() -> Context:
    preset = st.session_state[_PRESET]
    base = Rules.preset(preset)
    resolved = ex.resolve(base, {c.key: st.session_state.get(c.key) for c in ex.controls()})
    with st.sidebar:
        st.caption(
            "Whist has its own settings on the page. The Whot rules come back on the other pages."
        )
        classroom_toggle()
    ctx = Context(
        preset,
        resolved.rules,
        bool(st.session_state.get(_NIGERIAN)),
        bool(st.session_state[_LARGE]),
        resolved.refused,
    )
    st.session_state[_CONTEXT] = ctx
    return ctx


def classroom_toggle() -> None:
    st.toggle(
        "Classroom (large print, sidebar closed)",
        key=_LARGE,
        help="Large cards, text, charts and tables, readable from the back of a room on a "
        "projector; the sidebar starts closed. In a link: classroom=on.",
    )


def is_classroom() -> bool:
    """The classroom setting, before the sidebar is drawn (for the page set-up)."""
    return bool(st.session_state.get(_LARGE))


def page_style() -> None:
    """The layout every page shares, and the classroom setting's large print (a style element
    that takes no room). See `app.page_css`."""
    st.html(f"<style>{ex.page_css(is_classroom(), STAGE_TOP_PX[is_classroom()])}</style>")


def context() -> Context:
    return st.session_state[_CONTEXT]


def share(**params: Any) -> None:
    """Add this page's settings to the URL, so a link reproduces what is on the screen."""
    context().params.update({key: str(value) for key, value in params.items()})


def write_url() -> None:
    """The URL of what is on the screen: preset, changed toggles, presentation, page settings."""
    ctx = context()
    params = ex.rules_to_params(ctx.preset, ctx.rules)
    if ctx.large:
        params["classroom"] = "on"
    if ctx.nigerian:
        params["names"] = "nigerian"
    params |= ctx.params
    if st.query_params.to_dict() != params:
        st.query_params.from_dict(params)


def source_caption(seed: str, more: str = "") -> None:
    """A source as a reader can look it up: its name and what it is (`whot_core.sources`), never
    a bare file name, which the repository does not hold."""
    st.caption(f"Source: {sources.source_line(seed)}{(' ' + more) if more else ''}")


def show_url_problems() -> None:
    """Say, once, which parts of the link could not be used. A page calls this after reading
    its own settings from the link, so that their problems are named on the first run."""
    problems = st.session_state.pop("url.problems", None) or []
    if "url.checked" not in st.session_state:  # the page the link opened: what it does not read
        st.session_state["url.checked"] = True
        read = st.session_state.get("url.read", set())
        problems += ex.unknown_params(st.session_state.get(_URL, {}), read)
    st.session_state.setdefault("url.named", set()).update(problems)
    if problems:
        st.warning("Parts of the link were not used: " + "; ".join(problems))


def player_counts() -> tuple[int, ...]:
    """The player counts from 2 to 4 the sidebar's rules can seat; a page that needs players
    stops with a warning when there are none."""
    ctx = context()
    counts = ex.player_counts(ctx.rules)
    if not counts:
        rules = ctx.rules
        st.warning(
            f"These rules seat {rules.min_players} to {rules.max_players} players with "
            f"{rules.hand_size} cards each; this page plays games of 2 to 4. Change the players "
            "or the hand size in the sidebar (Pack and deal)."
        )
        write_url()
        st.stop()
    return counts


# --------------------------------------------------------------------------------- pictures


def side_by_side() -> tuple:
    """A table's column and the words beside it, in every setting: on one screen, what happens
    is read next to the table it happens on (a phone's narrow window stacks them)."""
    return tuple(st.columns([3, 2], gap="medium"))


def settings_box(summary: str, *, folded: bool | None = None):
    """Where a page's game settings go: in the open, or folded in an expander that names them
    (`summary`) so the table fits the window; folded in the classroom setting by default."""
    if folded is None:
        folded = context().large
    if folded:
        return st.expander(f"Settings: {summary}", icon=":material/tune:")
    return st.container()


def step_controls(
    page: str,
    frames: Sequence,
    *,
    share_step: bool,
    jumps: Mapping[str, tuple[str, str, Callable[[int], int]]] | None = None,
) -> int:
    """First, Back, Next, Last and a slider over the steps of `frames`, kept in
    `st.session_state[f"{page}.step"]`; returns the step to show (clamped to the frames).

    `jumps[name] = (icon, help, target)` adds a button after Next that moves to `target(step)`.
    `share_step` puts the step in the page's link (a replayed upload has no link to share).
    """
    key = f"{page}.step"
    last = last_step(frames)
    st.session_state[key] = clamp_step(st.session_state[key], frames)
    buttons: dict[str, tuple[str, str | None, Callable[[int], int]]] = {
        "first": ("first_page", None, lambda step: 0),
        "back": ("chevron_left", None, lambda step: step - 1),
        "next": ("chevron_right", None, lambda step: step + 1),
        **(jumps or {}),
        "last": ("last_page", None, lambda step: last),
    }

    def move_to(where: str) -> None:
        target = buttons[where][2]
        st.session_state[key] = clamp_step(target(st.session_state[key]), frames)

    # One row that wraps rather than shrinks: a button's label is never cut ("F..", "B..").
    row = st.container(horizontal=True, vertical_alignment="center", key=f"{page}.steps")
    with row:
        for where, (icon, help_text, _) in buttons.items():
            st.button(
                where.capitalize(),
                key=f"{page}.{where}",
                icon=f":material/{icon}:",
                on_click=move_to,
                args=(where,),
                width="content",
                help=help_text,
            )
        st.slider(
            "Step",
            0,
            max(last, 1),
            key=key,
            disabled=last == 0,
            label_visibility="collapsed",
            width="stretch",
        )
    step = st.session_state[key]
    if share_step:
        share(step=step)
        st.query_params["step"] = str(step)  # a step alone reruns only the page's fragment
    return step


def picture(svg: str, alt: str, width: int | None = None) -> None:
    """An SVG as a data-URI image (inline SVG does not survive Streamlit's HTML cleaning)."""
    st.markdown(ex.picture_html(svg, alt, width=width), unsafe_allow_html=True)


def table_picture(state, *, names=None, viewer: int | None = None) -> None:
    ctx = context()
    svg = table_svg(state, viewer, nigerian=ctx.nigerian, names=names)
    stage_picture(svg, "the table")


def stage_picture(svg: str, alt: str) -> None:
    """A table picture, at most as tall as the window leaves room for (`app.page_css`)."""
    html = ex.picture_html(svg, alt, width=context().table_px, css=f"whot-pic {ex.STAGE_CLASS}")
    st.markdown(html, unsafe_allow_html=True)


# ---------------------------------------------------------------------------- cached games


@st.cache_resource(max_entries=32, show_spinner="Playing the game…")
def watch_game(
    rules_toml: str, levels: tuple[str, ...], seed: int, simulations: int, nigerian: bool
) -> tuple[tuple[Frame, ...], str]:
    """An AI game's frames and its record as JSON (shared, read-only: never mutate them)."""
    rules = Rules.from_toml(rules_toml)
    players = [
        ex.make_player(level, derive_seed(seed, "watch", seat), simulations)
        for seat, level in enumerate(levels)
    ]
    frames = play_frames(
        rules,
        players,
        seed,
        names=ex.seat_names(levels),
        nigerian=nigerian,
        max_moves=WATCH_MAX_MOVES,
    )
    return frames, frames[-1].state.record().to_json()


@st.cache_resource(max_entries=16, show_spinner="Dealing and playing…")
def whist_game(
    levels: tuple[str, ...], seed: int, simulations: int, target: int, hands: int | None
) -> tuple[tuple[whist_viewer.Frame, ...], str]:
    """A Whist game's frames (one hand, or the whole game when `hands` is None) and its record
    as JSON. Shared and read-only, like `watch_game`."""
    players = [
        whist_players.make_player(level, derive_seed(seed, "whist", seat), simulations)
        for seat, level in enumerate(levels)
    ]
    names = tuple(f"{name} ({level})" for name, level in zip(WHIST_SEATS, levels, strict=True))
    frames = whist_viewer.play_frames(
        players, seed=seed, rules=WhistRules(target=target), hands=hands, names=names
    )
    return frames, frames[-1].state.record().to_json()


@st.cache_resource(max_entries=8, show_spinner="Replaying the record…")
def whist_record_game(data: bytes) -> tuple[tuple[whist_viewer.Frame, ...], str] | str:
    """The frames of an uploaded Whist record, or the message saying why it cannot be used."""
    try:
        record = ex.read_record(data, WhistRecord)
    except ValueError as error:
        return str(error)
    return whist_viewer.frames_from_record(record), record.to_json()


@st.cache_resource(max_entries=8, show_spinner="Replaying the record…")
def record_game(data: bytes, nigerian: bool) -> tuple[tuple[Frame, ...], str] | str:
    """The frames of an uploaded record, or the message saying why it cannot be used."""
    try:
        record = ex.read_record(data)
    except ValueError as error:
        return str(error)
    return frames_from_record(record, nigerian=nigerian), record.to_json()


@st.cache_resource(max_entries=16, show_spinner="Playing the deal under both rule sets…")
def side_by_side_game(
    toml_a: str, toml_b: str, players: int, seed: int, levels: tuple[str, ...], nigerian: bool
) -> ex.SideBySide:
    """One deal under two rule sets, both games and where they part (shared, read-only)."""
    rules = (Rules.from_toml(toml_a), Rules.from_toml(toml_b))
    return ex.play_side_by_side(*rules, players, seed, levels, nigerian=nigerian)


@st.cache_data(max_entries=64, show_spinner="Finding a position for each change…")
def change_contrasts(preset_toml: str, rules_toml: str, nigerian: bool) -> list:
    """The Rules page's contrasts, one for each change from the preset (pictures and words
    only, so cheap to keep): a search over small positions is worth doing once."""
    rules = (Rules.from_toml(preset_toml), Rules.from_toml(rules_toml))
    return ex.change_contrasts(*rules, nigerian=nigerian)


@st.cache_resource(max_entries=16, show_spinner="Playing the game…")
def scoring_game(rules_toml: str, players: int, seed: int):
    return ex.scoring_game(Rules.from_toml(rules_toml), players, seed)


@st.cache_resource(max_entries=16, show_spinner="Playing the match…")
def match_game(rules_toml: str, players: int, seed: int, match: str):
    return ex.play_match(Rules.from_toml(rules_toml), players, seed, match)


@st.cache_resource(show_spinner=False)
def simulation_pool():
    """The worker processes every comparison shares, made on first use (None on one core)."""
    return ex.simulation_pool()


@st.cache_data(max_entries=32, show_spinner=False)
def comparison(
    toml_a: str,
    toml_b: str,
    labels: tuple[str, str],
    players: int,
    level: str,
    games: int,
    seed: int,
) -> Comparison:
    """Two rule sets on the same seeds, with a progress bar; cached on all the settings.

    The bar is made inside the function: Streamlit replays a cached function's elements on a
    hit, and it can only replay those the function itself created (it ends emptied)."""
    bar = st.progress(0.0, text="Simulating…")
    shown = [0]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // total
        if percent > shown[0] or done == total:  # each whole percent: the bar keeps moving
            shown[0] = percent
            bar.progress(done / total, text=f"{done:,} of {total:,} games")

    def run(executor) -> Comparison:
        shown[0] = 0
        return compare(
            *_compared(toml_a, toml_b, players, level), games, seed,
            labels=labels, progress=progress, executor=executor,
        )  # fmt: skip

    result = _on_the_pool(run)
    bar.empty()
    return result


@st.cache_data(max_entries=16, show_spinner=False)
def comparison_until(
    toml_a: str,
    toml_b: str,
    labels: tuple[str, str],
    players: int,
    level: str,
    within: int,
    seed: int,
) -> Comparison:
    """Both rule sets, a batch of games at a time, until the leader's share is known to within
    `within` points under each; the bar shows the games so far and how closely it is known."""
    bar = st.progress(0.0, text="Simulating…")

    def progress(done: int, width: float) -> None:
        closeness = min(1.0, (within / width) ** 2)  # games needed grow as 1 / width²
        fraction = max(closeness, done / ex.STOP_MAX_GAMES)
        bar.progress(
            min(fraction, 1.0),
            text=f"{done:,} games each: the leader's share is known to within ±{width:.1f} "
            f"points (the goal: ±{within})",
        )

    def run(executor) -> Comparison:
        return ex.compare_until(
            *_compared(toml_a, toml_b, players, level), within, seed,
            labels=labels, progress=progress, executor=executor,
        )  # fmt: skip

    result = _on_the_pool(run)
    bar.empty()
    return result


def _compared(toml_a: str, toml_b: str, players: int, level: str) -> tuple:
    """The two rule sets and the players a comparison runs (its first three arguments)."""
    return Rules.from_toml(toml_a), Rules.from_toml(toml_b), [level] * players


def _on_the_pool(run: Callable[[Any], Comparison]) -> Comparison:
    """`run(executor)` on the shared worker pool. If a worker died (killed, out of memory), the
    pool is made anew next time and this run is done again in this process."""
    try:
        return run(simulation_pool())
    except BrokenProcessPool:
        simulation_pool.clear()
        return run(None)


@st.cache_resource(max_entries=32, show_spinner=False)
def comparison_charts(settings: tuple, large: bool, _result: Comparison) -> dict[str, Any]:
    """The four charts of a comparison, built once per settings (the result follows from them).
    plotly loads here, on first use, not when the app starts."""
    from whot_core.whot.show.figures import comparison_figures

    return comparison_figures(_result, large=large)


def replayed_game(key: str, replay) -> tuple[tuple, str] | None:
    """The uploaded game to replay, read before the page draws its settings (which a replay
    disables): `replay(data)` gives its (frames, record JSON) or the message why it cannot be
    used. A refused file is taken out of the uploader, its reason kept until the next file (see
    `record_uploader`). None when nothing is replayed: the page shows its own AI game."""
    data = read_upload(upload_key(key))
    loaded = None if data is None else replay(data)
    if isinstance(loaded, str):
        st.session_state[f"{key}.refused"] = loaded
        st.session_state[f"{key}.generation"] = st.session_state.get(f"{key}.generation", 0) + 1
        return None
    return loaded


def upload_key(key: str) -> str:
    """The uploader's widget key: a new one after a refused file, which empties the uploader."""
    generation = st.session_state.get(f"{key}.generation", 0)
    return key if generation == 0 else f"{key}.{generation}"


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


def record_download(game: str, record_json: str, replay_help: str | None = None) -> None:
    """The button that downloads a game record (`game` is "whot" or "whist"), named after the
    record's own deal, so that a replayed upload keeps its seed."""
    st.download_button(
        "Download this game record",
        record_json,
        file_name=ex.record_file_name(game, record_json),
        mime="application/json",
        icon=":material/download:",
        help=replay_help,
    )


def record_uploader(key: str, title: str, replaying: bool) -> None:
    """The record uploader, in an expander (open while a record replays or was refused)."""
    refused = st.session_state.get(f"{key}.refused")
    with st.expander(title, expanded=replaying or bool(refused), icon=":material/upload_file:"):
        st.file_uploader(
            "Upload a record downloaded from this page",
            type=["json"],
            key=upload_key(key),
            max_upload_size=2,
            on_change=lambda: st.session_state.pop(f"{key}.refused", None),
        )
        if refused:
            st.error(refused)


def replay_notice() -> None:
    st.info(
        "Replaying the uploaded record under its own rules and players; the settings above wait "
        "until you remove the file."
    )


def read_upload(key: str) -> bytes | None:
    upload = st.session_state.get(key)
    return None if upload is None else upload.getvalue()


def load_rules_upload() -> None:
    """The rules uploader's callback: set the sidebar from a valid file, or say what is wrong."""
    data = read_upload("rules.upload")
    if data is None:
        st.session_state.pop("rules.upload_message", None)
        return
    try:
        rules = ex.read_rules_file(data)
    except ValueError as error:
        st.session_state["rules.upload_message"] = ("error", str(error))
        return
    preset = ex.closest_preset(rules)
    st.session_state[_PRESET] = preset
    st.session_state.update(ex.control_values(rules))
    changes = len(rules.diff(Rules.preset(preset)))
    st.session_state["rules.upload_message"] = (
        "success",
        f"Loaded: the {preset} preset with {changes} change{'s' if changes != 1 else ''}.",
    )
