"""Rules: the chosen preset, what differs from it, the rules in plain words, save and load."""

import streamlit as st

from app_pages.shared import layout, link, session, sidebar
from app_pages.whot import games
from whot_core import Rules
from whot_core.whot.app import controls, rule_tables

ctx = session.context()
info = Rules.preset_info(ctx.preset)
st.title("The rules")
link.show_url_problems()


def preamble() -> None:
    """The preset, its source, and where the rules are set."""
    st.markdown(f"**Preset: {info['title']}.** {info['summary']}")
    layout.source_caption(info["source"])
    st.caption(
        "Pick a preset and change any toggle in the sidebar (what each does is written under "
        "it). Every page plays by the rules set there."
    )


if not ctx.large:
    preamble()


def show_contrasts() -> None:
    """What each change does in one small position: the table after the same move under the
    preset and under these rules, one above the other, each the column's width."""
    st.subheader("What each change does, in one small position")
    if not ctx.large:  # on a projector the teacher says it: the tables come first
        st.caption(
            "The same cards and the same move under the preset and under your rules: the two "
            "tables show what the move leads to under each."
        )
    for shown in games.change_contrasts(
        Rules.preset(ctx.preset).to_toml(), ctx.rules.to_toml(), ctx.nigerian
    ):
        st.markdown(f"**{shown.title}.** {shown.text}")
        if shown.svg_a is None:
            continue
        pictures = (shown.svg_a, shown.svg_b)
        narrow = shown.narrow or (None, None)
        whose_rules = ("The preset", "Your rules")
        drawn = zip(pictures, narrow, whose_rules, shown.captions, strict=True)
        for svg, thin, whose, caption in drawn:
            st.markdown(f"**{whose}:** {caption}")
            layout.picture(svg, f"{whose}: {caption}", width=ctx.table_px, narrow=thin)


# The changes' column the wider: its example tables are a row of seats wide, and drawn at
# that width their words stay readable (14 px on a projector; docs/screens.md).
words, changes = st.columns([2, 3])
with words:
    if ctx.large:  # on a projector beside the changes, which start at the top of the page
        preamble()
    st.subheader("The rules in plain words")
    st.markdown("\n".join(rule_tables.rule_sentences(ctx.rules, ctx.preset, ctx.nigerian)))
    decided = rule_tables.decided_fields(ctx.rules, ctx.preset)
    if decided:
        st.markdown(
            "**Decisions.** The source does not give these values; this project chose them:\n"
            + "\n".join(
                f"- {controls.field_label(name)}: "
                f"{rule_tables.value_text(getattr(ctx.rules, name), name)}. {why}"
                for name, why in decided.items()
            )
        )
with changes:
    rows = rule_tables.diff_rows(ctx.rules, Rules.preset(ctx.preset))
    if rows and ctx.large:  # a projector shows what a change does first, its table after
        show_contrasts()
    st.subheader(f"What differs from the preset, {info['title']}")
    if rows:
        layout.rows_table(rows, stacked=True)
    else:
        st.info("Nothing: these are the preset's rules.")
    if rows and not ctx.large:  # in this column, beside the long list of rules: near the top
        show_contrasts()

with layout.folded_box("Every toggle, its value, and what it does", "rules.every_open") as drawn:
    if drawn:
        layout.rows_table(rule_tables.field_rows(ctx.rules, ctx.preset), stacked=True)

st.subheader("Save and load")
save, load = st.columns(2)
with save:
    layout.download(
        "Save these rules as a preset file",
        ctx.rules.to_toml(
            title=f"House rules based on {info['title']}",
            source="Whot rules explorer",
            summary=" ".join(ctx.rules.describe()[:2]),
        ),
        file_name=f"whot-rules-{ctx.preset}.toml",
        mime="application/toml",
    )
with load:
    st.file_uploader(
        "Load a preset file (.toml)",
        type=["toml"],
        key="rules.upload",
        on_change=sidebar.load_rules_upload,
        max_upload_size=1,
    )
    message = st.session_state.get("rules.upload_message")
    if message:
        kind, text = message
        (st.error if kind == "error" else st.success)(text)
