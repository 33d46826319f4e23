"""The sidebar: the preset, every rule toggle (generated from the rules' fields, a change the rules
refuse put back with the reason under it), the presentation, and a rules file that sets them.
"""

from __future__ import annotations

import streamlit as st

from app_pages.shared import layout, session
from app_pages.shared.link import write_url
from app_pages.shared.records import read_upload
from app_pages.shared.session import Context, context
from whot_core import Rules
from whot_core.whot.app import controls, files, lineup, rule_tables
from whot_core.whot.engine.cards import in_shape_names

_REFUSAL = "rule.refusal"  # (control key, message): the last change the rules refused
_DESCRIPTIONS = {f.name: f.description for f in Rules.fields()}
_CARD_NUMBERS = [c.number for c in controls.controls() if c.field == "specials"]


def group_key(group: str) -> str:
    """The session-state key holding whether a group of the sidebar's toggles is open."""
    return "rule.open." + group.lower().replace(" ", "_")


def _reset_to_preset() -> None:
    st.session_state.update(controls.control_values(Rules.preset(st.session_state[session.PRESET])))


def _words(text: str) -> str:
    """A control's explanation in the shape names the reader picked (the toggle's own state:
    the page's settings are made after the controls)."""
    return in_shape_names(text, bool(st.session_state.get(session.NIGERIAN))) or ""


def _control(control: controls.Control) -> None:
    changed = {"on_change": _check_change, "args": (control,)}
    if control.widget == "toggle":
        layout.toggle(control.label, _words(control.help), key=control.key, **changed)
    elif control.widget == "select":
        first_card = control.field == "specials" and control.number == min(_CARD_NUMBERS)
        if first_card:  # the cards' description once, above them all: each label names its card
            st.caption(_words(_DESCRIPTIONS["specials"]))
        st.selectbox(
            control.label,
            control.options,
            key=control.key,
            format_func=lambda value: controls.option_label(value, control.field),
            **changed,
        )
        if control.field != "specials":
            st.caption(_words(control.help))
    else:
        st.slider(
            control.label,
            control.minimum,
            control.maximum,
            key=control.key,
            **changed,
        )
        st.caption(_words(control.help))
    refusal = st.session_state.get(_REFUSAL)
    if refusal and refusal[0] == control.key:  # said where the change was made, under it
        st.warning(refusal[1], icon=":material/block:")


def _check_change(control: controls.Control) -> None:
    """A control's callback: a change the rules refuse puts the control back where it was, and
    says why under it (the engine's reason, the control's own label)."""
    st.session_state.pop(_REFUSAL, None)
    before = st.session_state.get(session.CONTEXT)
    base = Rules.preset(st.session_state[session.PRESET])
    resolved = controls.resolve(
        base, {c.key: st.session_state.get(c.key) for c in controls.controls()}
    )
    if not resolved.refused or before is None:
        return
    wanted = st.session_state[control.key]
    kept = controls.control_values(before.rules)[control.key]
    st.session_state[control.key] = kept
    reasons = "; ".join(controls.refusal_reason(why) for why in resolved.refused.values())
    st.session_state[_REFUSAL] = (
        control.key,
        f"{control.label} stays at {controls.option_label(kept, control.field)}, not "
        f"{controls.option_label(wanted, control.field)}: "
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
            key=session.PRESET,
            format_func=lambda name: Rules.preset_info(name)["title"],
            on_change=_reset_to_preset,
        )
        preset = st.session_state[session.PRESET]
        base = Rules.preset(preset)
        resolved = controls.resolve(
            base, {c.key: st.session_state.get(c.key) for c in controls.controls()}
        )
        changed = len(resolved.rules.diff(base))
        # The preset's whole title first: the box above shows one line of it, cut when long
        # ("Nigerian street rules (defence, star 8, ..." at a desk's width).
        state = (
            f"{changed} toggle{'s' if changed != 1 else ''} changed from it"
            if changed
            else "as it stands"
        )
        st.caption(
            f"**{Rules.preset_info(preset)['title']}**, {state}. "
            "Choosing a preset sets every toggle below to its values."
        )
        for group, names in controls.GROUPS.items():
            # A group's controls are drawn only while it is open: closed, the browser would
            # still draw every select in it, about 200 ms of every page load (docs/performance.md).
            # Their values live in the session state (`session.keep_page_settings`) meanwhile.
            with st.expander(group, key=group_key(group), on_change="rerun") as section:
                if section.open:
                    for control in controls.controls():
                        if control.field in names:
                            _control(control)
        st.button("Reset the toggles to the preset", key="rule.reset", on_click=_reset_to_preset)
        for why in resolved.refused.values():
            st.warning(f"Not applied: {why}", icon=":material/block:")
        labels = {c.field: c.label for c in controls.controls()}
        for name, why in resolved.rules.idle_toggles().items():
            st.info(f"{labels[name]} changes nothing here: {why}.", icon=":material/info:")
        st.divider()
        classroom_toggle()
        st.toggle("Nigerian shape names (ball, angle, carpet)", key=session.NIGERIAN)
    ctx = Context(
        preset,
        resolved.rules,
        bool(st.session_state[session.NIGERIAN]),
        bool(st.session_state[session.LARGE]),
        resolved.refused,
    )
    st.session_state[session.CONTEXT] = ctx
    return ctx


def _presentation_only() -> Context:
    preset = st.session_state[session.PRESET]
    base = Rules.preset(preset)
    resolved = controls.resolve(
        base, {c.key: st.session_state.get(c.key) for c in controls.controls()}
    )
    with st.sidebar:
        st.caption(
            "Whist has its own settings on the page. The Whot rules come back on the other pages."
        )
        classroom_toggle()
    ctx = Context(
        preset,
        resolved.rules,
        bool(st.session_state.get(session.NIGERIAN)),
        bool(st.session_state[session.LARGE]),
        resolved.refused,
    )
    st.session_state[session.CONTEXT] = ctx
    return ctx


def classroom_toggle() -> None:
    layout.toggle(
        "Classroom (large print, sidebar closed)",
        "Large cards, text, charts and tables, readable from the back of a room on a "
        "projector; the sidebar starts closed. The page's link keeps it: a link you share opens "
        "in the classroom setting too.",
        key=session.LARGE,
    )


def player_counts() -> tuple[int, ...]:
    """The player counts from 2 to 4 the sidebar's rules can seat; a page that needs players
    stops with a warning when there are none."""
    ctx = context()
    counts = lineup.player_counts(ctx.rules)
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


def load_rules_upload() -> None:
    """The rules uploader's callback: set the sidebar from a valid file, or say what is wrong."""
    data = read_upload("rules.upload")
    if data is None:
        st.session_state.pop("rules.upload_message", None)
        return
    try:
        rules = files.read_rules_file(data)
    except ValueError as error:
        st.session_state["rules.upload_message"] = ("error", str(error))
        return
    preset = rule_tables.closest_preset(rules)
    st.session_state[session.PRESET] = preset
    st.session_state.update(controls.control_values(rules))
    changes = len(rules.diff(Rules.preset(preset)))
    st.session_state["rules.upload_message"] = (
        "success",
        f"Loaded: the {preset} preset with {changes} change{'s' if changes != 1 else ''}.",
    )
