"""The Streamlit app, page by page, through Streamlit's AppTest (no browser): every page renders,
and its main interactions work (stepping, URL parameters, uploads good and bad, the turn loop).

AppTest's default 3 s timeout is flaky on a loaded two-core machine, so every run gets a generous
one; `st.cache_data` and `st.cache_resource` outlive an AppTest, so a fixture clears them.
"""

from __future__ import annotations

import base64
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

st = pytest.importorskip("streamlit")
from helpers import (  # noqa: E402
    code_names,
    column,
    downloads,
    markup,
    open_folded,
    press_step,
    send_component_event,
    send_table_event,
    shown_step,
    slide_step,
    step_controls,
    step_moves,
    table_component,
    tables,
)
from streamlit.testing.v1 import AppTest  # noqa: E402

from whot_core import SHAPES, GameState, Rules  # noqa: E402
from whot_core.whot.app import comparison as app_comparison  # noqa: E402
from whot_core.whot.app import controls, play_table  # noqa: E402
from whot_core.whot.app import links as app_links  # noqa: E402
from whot_core.whot.app import table_actions as actions  # noqa: E402
from whot_core.whot.engine.state import new_game  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
if str(ROOT) not in sys.path:  # the pages' helper modules (`app_pages.whot.comparing`) are imported
    sys.path.insert(0, str(ROOT))  # too, and `app` itself for its list of pages

import app  # noqa: E402
from app_pages.shared import layout, session, sidebar  # noqa: E402

#: Each page's script by the address it answers at (`rules` -> app_pages/whot/rules.py).
PAGE_FILES = {page.url_path: page.path for page in app.PAGES}
TIMEOUT = 60
FAST = {"seats": "heuristic,heuristic"}  # no search player: a Watch game is played at once


pytestmark = pytest.mark.usefixtures("fresh_streamlit_caches")


def open_app(page: str | None = "rules", *, groups_open: bool = True, **params: str) -> AppTest:
    """The app opened with a link's query parameters, on `page` (its address, `rules`; None
    for the first page, Learn): the page's own link, as a browser opens it, not the first page
    and then a switch. With `groups_open`, the sidebar's groups of toggles and the pages'
    folded boxes are open (as if clicked), so that their controls are drawn."""
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.query_params.update(params)
    if groups_open:
        for group in controls.GROUPS:
            at.session_state[sidebar.group_key(group)] = True
        open_folded(at)
    if page is not None:
        at.switch_page(PAGE_FILES[page])
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(elements) -> list[str]:
    return [element.value for element in elements]


def pictures(at: AppTest) -> int:
    """Card and table pictures: data-URI images (never inline SVG), a phone's drawing of one
    not counted again."""
    return sum(
        html.count('src="data:image/svg+xml;base64,') - html.count('class="pic-narrow"')
        for html in markup(at)
    )


def search_charts(at: AppTest) -> list[str]:
    """The search charts on the page: SVG pictures, as the tables are."""
    return [html for html in markup(at) if "whot-search" in html]


def sidebar_rules(at: AppTest, preset: str) -> Rules:
    values = {c.key: at.session_state[c.key] for c in controls.controls()}
    return controls.resolve(Rules.preset(preset), values).rules


# ------------------------------------------------------------------------------------ frame


class TestFrame:
    def test_the_app_opens_on_the_learn_page_with_the_default_preset(self):
        at = open_app(None)
        assert texts(at.title) == ["Learn"]
        assert at.query_params == {"preset": "nigerian", "lesson": "the-pack", "stage": "1"}
        assert at.selectbox(key="rule.preset").value == "nigerian"

    def test_every_toggle_is_a_sidebar_control(self):
        at = open_app()
        keys = {w.key for w in [*at.sidebar.toggle, *at.sidebar.selectbox, *at.sidebar.slider]}
        assert {c.key for c in controls.controls()} <= keys

    def test_the_tab_icon_is_an_emoji_not_an_address_to_fetch(self):
        from streamlit.string_util import is_emoji

        assert is_emoji(app.ICON)

    def test_every_run_has_the_whole_of_pandas_before_a_page_draws_a_chart(self):
        # Sessions run in threads and plotly takes pandas from sys.modules without importing it:
        # a second session found it half imported (tests/test_browser_classroom.py failed in CI).
        # app.main's import statement waits for an import under way; it must come before the page.
        import ast
        import inspect

        body = ast.parse(inspect.getsource(app.main)).body[0].body
        lines = {
            "pandas": [n.lineno for n in body if isinstance(n, ast.Import)
                       and any(a.name == "pandas" for a in n.names)],
            "page": [n.lineno for n in ast.walk(ast.Module(body, [])) if isinstance(n, ast.Call)
                     and getattr(n.func, "attr", "") == "run"],
        }  # fmt: skip
        assert lines["pandas"] and lines["page"]
        assert min(lines["pandas"]) < min(lines["page"])

    def test_a_closed_group_of_toggles_draws_none_and_keeps_their_values(self):
        # Closed groups draw nothing (the browser's cost of every page load); a toggle changed
        # in an open group keeps its value, and its effect on the rules, once the group closes.
        def drawn(at: AppTest) -> set[str]:
            return {w.key for w in [*at.sidebar.toggle, *at.sidebar.selectbox, *at.sidebar.slider]}

        presentation = {session.PRESET, session.LARGE, session.NIGERIAN}
        at = open_app(groups_open=False)
        assert drawn(at) == presentation
        pack = sidebar.group_key("Pack and deal")
        at.session_state[pack] = True
        at.run()
        pack_fields = controls.GROUPS["Pack and deal"]
        in_pack = {c.key for c in controls.controls() if c.field in pack_fields}
        assert drawn(at) == presentation | in_pack
        at.slider(key="rule.hand_size").set_value(4).run()
        at.session_state[pack] = False
        at.run()
        assert drawn(at) == presentation
        at.run()  # a second run: a widget's value not drawn is dropped at the end of a run
        assert sidebar_rules(at, "nigerian").hand_size == 4
        title = Rules.preset_info("nigerian")["title"]  # whole, under the box that cuts it
        said = f"**{title}**, 1 toggle changed from it."
        assert any(said in t for t in texts(at.sidebar.caption))

    @pytest.mark.parametrize("page", ["learn", "rules", "watch", "scoring", "compare", "play"])
    def test_every_page_renders_without_an_error(self, page):
        at = open_app(page, **FAST)
        assert not at.error and not at.exception
        assert len(at.title) == 1

    @pytest.mark.parametrize(
        ("page", "params"),
        [
            ("learn", {}),
            ("rules", {}),
            ("watch", FAST),
            ("scoring", {}),
            ("compare", {}),
            ("side_by_side", {}),
            ("play", {}),
            ("whist", {}),
            ("whist_play", {}),
            ("classroom", {}),
        ],
    )
    def test_no_control_hides_its_help_behind_a_hover(self, page, params):
        """Issue 30: nothing may need a hover (a phone has none), and a "?" on a switch is
        part of its label, so a tap there flips it. Help is written under a control."""
        at = open_app(page, **params)
        kinds = ("selectbox", "slider", "select_slider", "toggle", "checkbox", "radio",
                 "number_input", "text_input", "button")  # fmt: skip
        helped = [
            f"{kind} {widget.label!r}"
            for kind in kinds
            for widget in at.get(kind)
            if getattr(widget, "help", None)
        ]
        assert helped == []

    @pytest.mark.parametrize(
        ("page", "params", "keys"),
        [
            ("watch", FAST, "watch.level."),
            ("compare", {}, "compare.level"),
            ("whist", {}, "whist.level."),
            ("play", {}, "play.seat."),
            ("whist_play", {}, "wplay.seat."),
        ],
    )
    def test_every_ai_level_chooser_offers_the_levels_titles(self, page, params, keys):
        """The levels' help under a chooser names them by their titles ("**Heuristic**: ..."):
        the chooser's options are the same words, not the ids a link holds ("heuristic")."""
        at = open_app(page, **params)
        boxes = [box for box in at.selectbox if (box.key or "").startswith(keys)]
        assert boxes, [box.key for box in at.selectbox]
        offered = {option for box in boxes for option in box.options}
        assert {"Random", "Heuristic"} <= offered <= {"Person", "Random", "Heuristic", "Search"}

    def test_choosing_a_preset_sets_every_toggle(self):
        at = open_app()
        at.selectbox(key="rule.preset").set_value("british").run()
        assert at.slider(key="rule.hand_size").value == 6
        assert at.selectbox(key="rule.specials.2").value == controls.PLAIN
        assert at.query_params == {"preset": "british"}

    def test_reset_undoes_the_changes(self):
        at = open_app(preset="british", hand_size="4")
        assert at.slider(key="rule.hand_size").value == 4
        at.button(key="rule.reset").click().run()
        assert at.slider(key="rule.hand_size").value == 6
        assert at.query_params == {"preset": "british"}

    def test_nigerian_shape_names_change_the_words(self):
        at = open_app(names="nigerian")
        assert at.toggle(key="view.nigerian").value is True
        assert "(ball, angle, cross, carpet, star)" in at.markdown[1].value
        assert at.query_params["names"] == "nigerian"
        sidebar = " ".join(c.value for c in at.sidebar.caption)  # the toggles' explanations too
        assert "a ball 5 on a ball 2" in sidebar and "circle" not in sidebar
        english = " ".join(c.value for c in open_app().sidebar.caption)
        assert "a circle 5 on a circle 2" in english

    @pytest.mark.parametrize("param", ["classroom", "big"])  # big=on: the older links work
    def test_the_classroom_setting_comes_from_the_link_and_is_kept_as_classroom(self, param):
        at = open_app("scoring", preset="british", **{param: "on"})
        assert at.toggle(key="view.large").value is True
        assert at.query_params["classroom"] == "on" and "big" not in at.query_params
        assert 'width="140"' in "".join(texts(at.markdown))  # the classroom's card width

    @pytest.mark.parametrize("page", list(PAGE_FILES))
    def test_no_page_names_a_source_by_its_file(self, page):
        # The seeds are not in the repository: a learner meets a source in words
        # (`sources.source_words`), never as a file name such as seeds/001_....txt.
        at = open_app(page, **FAST)
        kinds = ("title", "subheader", "markdown", "caption", "info", "warning", "success")
        words = [e.value for kind in kinds for e in at.get(kind)]
        assert words and not [w for w in words if re.search(r"seeds/|\d{3}_[0-9a-f]{16}", w)]

    @pytest.mark.parametrize("page", ["learn", "whist"])  # Whist draws the sidebar on its own
    def test_the_sidebars_help_names_no_link_parameter(self, page):
        """A reviewer: the classroom switch's help said "In a link: classroom=on", a link
        parameter in what a learner reads; it says in words that the link keeps the setting."""
        at = open_app(page)
        words = [c.value for c in at.sidebar.caption]
        assert [w for w in words if re.search(r"\w=\w", w) or code_names(w)] == []
        assert any("link keeps it" in w for w in words)

    @pytest.mark.parametrize("page", ["rules", "watch", "scoring", "compare", "play", "whist"])
    def test_the_classroom_print_is_large_on_every_page(self, page):
        def style(at):
            return "".join(h.proto.body for h in at.get("html"))

        plain = open_app(page, **FAST)
        classroom = open_app(page, classroom="on", **FAST)
        large = '[data-testid="stMain"] [data-testid="stMarkdown"] :is(p, li, figcaption)'
        assert large not in style(plain)
        assert large in style(classroom)
        assert 'stMarkdown"] :is(td, th)' in style(classroom)  # the tables' print too


# ------------------------------------------------------------------------------------ rules


class TestRulesPage:
    def test_a_changed_toggle_shows_in_the_diff_the_words_and_the_url(self):
        at = open_app()
        at.toggle(key="rule.defence").set_value(True).run()
        assert at.query_params == {"preset": "nigerian", "defence": "on"}
        diff = tables(at)[0]
        assert column(diff, "Toggle") == ["Defence"]
        assert (diff[0]["Preset"], diff[0]["Yours"]) == ("off", "on")
        assert "unless they answer with another 2" in at.markdown[1].value

    def test_a_link_sets_the_preset_and_the_changed_toggles(self):
        at = open_app(preset="nigerian_street", hand_size="5", exhausted="count")
        assert at.selectbox(key="rule.preset").value == "nigerian_street"
        assert at.slider(key="rule.hand_size").value == 5
        assert at.selectbox(key="rule.exhausted").value == "count"
        assert column(tables(at)[0], "Toggle") == ["Hand size", "When the market runs out"]
        assert at.query_params == {
            "preset": "nigerian_street",
            "hand_size": "5",
            "exhausted": "count",
        }

    def test_a_bad_link_is_named_and_the_rest_used(self):
        at = open_app(preset="british", hand_size="lots", packs="2")
        assert at.selectbox(key="rule.packs").value == 2
        assert texts(at.warning) == [
            "Parts of the link were not used: hand_size: expected a whole number, not 'lots'"
        ]

    def test_a_change_that_does_not_fit_is_refused_with_its_reason(self):
        at = open_app(preset="british")
        at.slider(key="rule.min_players").set_value(9).run()
        assert not at.exception
        # The slider goes back, and the reason is under it, in its own name (it was at the
        # foot of the sidebar, naming hand_size, the slider left at 9).
        assert at.slider(key="rule.min_players").value == 2
        assert texts(at.sidebar.warning) == [
            "Fewest players stays at 2, not 9: 9 hands of 6 plus a start card do not fit in the "
            "54 cards of one pack."
        ]
        assert at.query_params == {"preset": "british"}
        at.slider(key="rule.min_players").set_value(3).run()  # a change that fits: no warning
        assert at.slider(key="rule.min_players").value == 3 and not at.sidebar.warning

    def test_a_toggle_without_its_card_is_applied_and_said_to_change_nothing(self):
        at = open_app(preset="british")
        at.toggle(key="rule.defence").set_value(True).run()
        assert not at.exception and not at.sidebar.warning
        assert texts(at.sidebar.info) == [
            "Defence changes nothing here: no card is a pick two or a pick three."
        ]
        assert at.query_params == {"preset": "british", "defence": "on"}

    def test_loading_a_good_rules_file_sets_the_sidebar(self):
        at = open_app()
        rules = Rules.preset("british_modern").replace(hand_size=7)
        upload = ("house.toml", rules.to_toml().encode(), "application/toml")
        at.file_uploader(key="rules.upload").set_value(upload).run()
        assert texts(at.success) == ["Loaded: the british_modern preset with 1 change."]
        assert sidebar_rules(at, "british_modern") == rules
        assert at.query_params == {"preset": "british_modern", "hand_size": "7"}

    def test_loading_a_bad_rules_file_says_why_and_changes_nothing(self):
        at = open_app()
        upload = ("bad.toml", b"[rules]\nhand_size = 99\n", "application/toml")
        at.file_uploader(key="rules.upload").set_value(upload).run()
        assert texts(at.error) == [
            "These are not valid rules: this file: hand_size: Hand size must be from 1 to 10, "
            "not 99"
        ]
        assert at.query_params == {"preset": "nigerian"}

    def test_the_saved_file_is_offered_for_download(self):
        at = open_app()
        assert downloads(at) == ["Save these rules as a preset file"]

    @pytest.mark.timeout(600)  # 200 reruns of the page: about a minute, more on a busy machine
    def test_random_toggle_combinations_render(self):
        # Combinations of every control, each rendered on the Rules page: whatever a user
        # clicks, the page shows rules (refusing what does not fit) and never fails. The page
        # searches a position for each change (a combination changes about a dozen), so the
        # combinations are few and chosen: together they show every value of every control
        # that changes some preset, each in the rules of a combination (`covering`).
        # 300 random combinations more, without the page, are in tests/test_explorer.py
        # (resolved, the link's round trip, the tables and sentences).
        combinations = covering(random.Random(1))
        assert len(combinations) <= 16
        at = open_app()
        for preset, values in combinations:
            at.session_state["rule.preset"] = preset
            for key, value in values.items():
                at.session_state[key] = value
            at.run()
            assert not at.exception, [e.value for e in at.exception]
            assert texts(at.title) == ["The rules"]
            rules = sidebar_rules(at, preset)
            assert app_links.params_to_rules(at.query_params).rules == rules
        assert any(controls.resolve(Rules.preset(p), v).refused for p, v in combinations)


def control_values(control) -> list:
    """Every value a control offers."""
    if control.widget == "toggle":
        return [False, True]
    if control.widget == "select":
        return list(control.options)
    return list(range(control.minimum, control.maximum + 1))


def field_value(rules: Rules, control):
    """The value of the rule a control sets (a special card's effect: that number's)."""
    if control.field == "specials":
        return rules.specials.get(control.number)
    return getattr(rules, control.field)


def alone(preset: str, control, value):
    """What `value`, set alone on the preset, makes the control's rule; None if that changes
    nothing or is refused."""
    base = Rules.preset(preset)
    resolved = controls.resolve(base, {control.key: value})
    after = field_value(resolved.rules, control)
    return None if resolved.refused or after == field_value(base, control) else after


def covering(rng: random.Random) -> list[tuple[str, dict]]:
    """Combinations of every control (a preset and a value each), the presets in turn, until
    every value of every control that changes some preset alone has changed it in the rules
    of one of them (not refused there for the other values). Each control takes a value not
    yet shown, one that changes this preset first, at random among those."""
    every = controls.controls()
    wanted = {
        (c.key, repr(v))
        for preset in Rules.presets()
        for c in every
        for v in control_values(c)
        if alone(preset, c, v) is not None
    }
    shown: set[tuple[str, str]] = set()
    out: list[tuple[str, dict]] = []
    while shown != wanted:
        assert len(out) < 40, sorted(wanted - shown)
        preset = Rules.presets()[len(out) % len(Rules.presets())]
        values = {}
        for c in every:
            offered = control_values(c)
            rng.shuffle(offered)
            offered.sort(key=lambda v: ((c.key, repr(v)) in shown, alone(preset, c, v) is None))
            values[c.key] = offered[0]
        rules = controls.resolve(Rules.preset(preset), values).rules
        for c in every:
            after = alone(preset, c, values[c.key])
            if after is not None and field_value(rules, c) == after:
                shown.add((c.key, repr(values[c.key])))
        out.append((preset, values))
    return out


# ------------------------------------------------------------------------------------ watch


class TestWatchPage:
    def test_a_link_opens_at_its_step(self):
        at = open_app("watch", preset="british", seed="5", step="3", **FAST)
        assert shown_step(at, "watch") == 3
        assert at.subheader[0].value.startswith("Step 3 of ")
        assert pictures(at) == 1
        assert at.query_params == {
            "preset": "british",
            "seed": "5",
            "seats": "heuristic,heuristic",
            "sims": "100",
            "step": "3",
        }

    def test_a_steps_table_follows_each_readers_settings(self):
        # A step's table is drawn once for every session that shows it: whoever drew it first,
        # each reader sees it in their own size and shape names.
        link = {"seed": "3", "seats": "heuristic,heuristic,heuristic", "step": "5"}

        def table(at: AppTest) -> str:
            (html,) = [h for h in markup(at) if 'alt="The table: ' in h]
            return html

        plain = table(open_app("watch", **link))
        assert table(open_app("watch", **link)) == plain
        large = table(open_app("watch", classroom="on", **link))
        nigerian = table(open_app("watch", names="nigerian", **link))
        widths = {html: re.findall(r"[^-]width:(\d+)px", html) for html in (plain, large)}
        assert widths[plain] and widths[large] and widths[plain] != widths[large]

        def drawn(html: str) -> str:  # the desk's drawing, decoded
            data = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
            return base64.b64decode(data).decode()

        assert "<title>ball " not in drawn(plain) and "<title>ball " in drawn(nigerian)
        later = table(open_app("watch", **(link | {"step": "6"})))
        assert later != plain

    def test_a_bad_link_is_named_at_once_and_only_once(self):
        at = open_app("watch", seats="heuristic,cheater", seed="lots")
        (warning,) = texts(at.warning)
        assert "unknown AI level 'cheater'" in warning and "seed" in warning
        press_step(at, "watch", "next")
        assert not at.warning  # named when the link was opened, not on every step

    def test_a_parameter_no_page_reads_is_named_once(self):
        at = open_app("watch", seed="5", colour="red", **FAST)
        (warning,) = texts(at.warning)
        assert warning == "Parts of the link were not used: colour: not a setting of this page"
        press_step(at, "watch", "next")
        assert not at.warning

    def test_stepping_with_the_buttons(self):
        at = open_app("watch", preset="british", **FAST)
        last = int(at.subheader[0].value.split(" of ")[1].split(":")[0])
        assert not step_moves(at, "watch", "first") and not step_moves(at, "watch", "back")
        press_step(at, "watch", "next")
        assert shown_step(at, "watch") == 1
        assert at.query_params["step"] == "1"
        assert step_moves(at, "watch", "first") and step_moves(at, "watch", "back")
        press_step(at, "watch", "last")
        assert shown_step(at, "watch") == last
        assert not step_moves(at, "watch", "next") and not step_moves(at, "watch", "last")
        press_step(at, "watch", "next")  # the last step stays the last
        assert shown_step(at, "watch") == last
        press_step(at, "watch", "back")
        assert shown_step(at, "watch") == last - 1
        press_step(at, "watch", "first")
        assert shown_step(at, "watch") == 0
        assert at.subheader[0].value == f"Step 0 of {last}: the deal"

    @pytest.mark.parametrize(
        "sent",
        [{"to": "3"}, {"to": True}, {"to": 2.5}, {"button": "on"}, {"button": 1}, "next", None],
    )
    def test_a_message_the_step_controls_never_send_moves_nothing(self, sent):
        at = open_app("watch", preset="british", step="2", **FAST)
        element, _ = step_controls(at, "watch")
        send_component_event(at, element, "move", sent)
        assert shown_step(at, "watch") == 2 and at.query_params["step"] == "2"

    def test_the_slider_moves_to_any_step_and_the_words_follow(self):
        at = open_app("watch", preset="british", **FAST)
        slide_step(at, "watch", 2)
        heading = at.subheader[0].value
        assert heading.startswith("Step 2 of ")
        who = heading.split(": ", 1)[1].split(" plays")[0].split(" draws")[0]
        assert any(who in line for line in texts(at.markdown))  # the step in words
        assert any(m.value.startswith("**Why:** Heuristic") for m in at.markdown)

    def test_a_step_beyond_the_game_shows_its_last_step(self):
        at = open_app("watch", preset="british", step="100000", **FAST)
        last = int(at.subheader[0].value.split(" of ")[1].split(":")[0])
        assert shown_step(at, "watch") == last

    def test_the_search_players_estimates_are_charted(self):
        at = open_app("watch", preset="british", seats="search,heuristic", sims="10", seed="2")
        last = int(at.subheader[0].value.split(" of ")[1].split(":")[0])
        searched = 0
        for step in range(1, last + 1):
            slide_step(at, "watch", step)
            why = next(m.value for m in at.markdown if m.value.startswith("**Why:**"))
            charts = len(search_charts(at))
            assert not at.get("plotly_chart")  # no charting library for the browser to load
            if "(Search) " not in at.subheader[0].value:
                assert charts == 0
            elif "is the only move" in why:
                assert charts == 0  # nothing was searched
            else:
                assert why.startswith("**Why:** Search — ") and charts == 1
                assert layout.SEARCH_CHOICE in texts(at.caption)  # how it chose, under the chart
                searched += 1
        assert searched >= 1

    def test_the_chart_draws_the_step_on_the_screen_wide_and_for_a_phone(self):
        from app_pages.whot import games
        from whot_core.whot.show import viewer
        from whot_core.whot.show.pictures import to_data_uri
        from whot_core.whot.show.search_picture import search_alt, search_svg

        at = open_app("watch", preset="nigerian", seats="search,heuristic", sims="50", seed="3")
        frames, _ = games.watch_game(
            Rules.preset("nigerian").to_toml(), ("search", "heuristic"), 3, 50, False
        )
        shown = 0
        for step in (3, 5, 7):
            slide_step(at, "watch", step)
            details = frames[step].details
            if not details.get("simulations"):
                assert search_charts(at) == []
                continue
            (chart,) = search_charts(at)
            # this step's moves, in the narration's words ("go to market", not "draw"), and values
            said = viewer.search_words(frames[step])
            assert any(text != words for text, words in said)
            assert to_data_uri(search_svg(details, said=said)) in chart
            narrow = to_data_uri(search_svg(details, narrow=True, said=said))
            assert f'<img class="pic-narrow" src="{narrow}"' in chart
            assert f'alt="{search_alt(details, said=said)}"' in chart
            shown += 1
        assert shown >= 2

    def test_a_budget_between_the_options_snaps_to_one(self):
        at = open_app("watch", preset="british", sims="30", **FAST)
        assert at.select_slider(key="watch.sims").value == 25
        assert at.query_params["sims"] == "25"

    def test_changing_the_seed_deals_another_game_and_keeps_it_in_the_url(self):
        at = open_app("watch", preset="british", **FAST)
        at.number_input(key="watch.seed").set_value(9).run()
        assert at.query_params["seed"] == "9"

    def test_a_recorded_game_uploads_and_replays(self):
        state = GameState.from_position(
            Rules.preset("british"),
            hands=[["circle 5", "star 7"], ["square 5"]],
            pile=["circle 11"],
        ).apply("play circle 5")
        record = state.record().to_json().encode()
        at = open_app("watch", **FAST)
        at.file_uploader(key="watch.upload").set_value(("game.json", record, "application/json"))
        at.run()
        assert texts(at.info)[0].startswith("Replaying the uploaded record")
        assert at.subheader[0].value.startswith("Step 0 of 1")
        press_step(at, "watch", "next")
        assert at.subheader[0].value == "Step 1 of 1: Seat 0 plays circle 5"

    @pytest.mark.parametrize(
        ("content", "message"),
        [
            (b"not json at all", "not valid JSON"),
            (json.dumps({"format": "chess"}).encode(), "missing"),
            (b"\xff\xfe", "not UTF-8"),
        ],
    )
    def test_a_bad_record_gets_a_clear_message(self, content, message):
        at = open_app("watch", **FAST)
        at.file_uploader(key="watch.upload").set_value(("bad.json", content, "application/json"))
        at.run()
        assert not at.exception
        [error] = texts(at.error)
        assert error.startswith("This is not a Whot game record the engine can replay:")
        assert message in error
        assert pictures(at) == 1  # the AI game is still shown

    def test_a_replay_disables_the_settings_and_names_the_download_after_its_seed(self):
        record = new_game(Rules.preset("british"), players=2, seed=77).record().to_json()
        at = open_app("watch", seed="4", **FAST)
        at.file_uploader(key="watch.upload").set_value(("g.json", record.encode(), "text/json"))
        at.run()
        assert texts(at.info)[0].startswith("Replaying the uploaded record")
        assert at.selectbox(key="watch.players").disabled
        assert at.number_input(key="watch.seed").disabled
        assert at.selectbox(key="watch.level.0").disabled
        # the download is the record's own game (its file name, files.record_file_name, tested in
        # test_explorer: AppTest does not see a download's name)
        assert at.session_state["watch.seed"] == 4

    def test_a_refused_record_leaves_the_uploader_and_its_reason_goes_with_the_next_file(self):
        at = open_app("watch", **FAST)
        at.file_uploader(key="watch.upload").set_value(("bad.json", b"nonsense", "text/json"))
        at.run()
        assert len(at.error) == 1
        assert pictures(at) == 1 and not at.number_input(key="watch.seed").disabled
        again = at.file_uploader(key="watch.upload.1")  # a new, empty uploader
        assert not again.value
        record = new_game(Rules.preset("british"), players=2, seed=5).record().to_json()
        again.set_value(("good.json", record.encode(), "text/json")).run()
        assert texts(at.error) == []
        assert texts(at.info)[0].startswith("Replaying the uploaded record")

    def test_an_oversized_record_is_refused(self):
        at = open_app("watch", **FAST)
        big = b" " * 2_000_001
        at.file_uploader(key="watch.upload").set_value(("big.json", big, "application/json"))
        at.run()
        assert texts(at.error) == [
            "This file is 2,000,001 bytes; a game record may be at most 2,000,000."
        ]

    def test_the_record_is_offered_for_download(self):
        at = open_app("watch", seed="4", **FAST)
        assert downloads(at) == ["Download this game record"]


class TestFoldedBoxes:
    """A folded box (`layout.folded_box`) draws its widgets only while open, and their values
    hold while it is closed: a closed box costs a page load nothing."""

    def test_closed_settings_draw_no_widget_and_keep_their_values(self):
        at = open_app("watch", preset="british", seed="5", **FAST)
        at.number_input(key="watch.seed").set_value(7).run()
        at.session_state[layout.settings_key("watch")] = False  # the reader folds the box
        at.run()
        assert not at.number_input
        assert not [box for box in at.selectbox if box.key.startswith("watch.")]
        assert [e.label for e in at.expander if e.label.startswith("Settings")] == [
            "Settings: Heuristic vs Heuristic, seed 7"
        ]
        assert at.query_params["seed"] == "7"  # the game is the one the settings chose
        at.switch_page(PAGE_FILES["rules"]).run()  # another page, and back
        at.switch_page(PAGE_FILES["watch"]).run()
        at.session_state[layout.settings_key("watch")] = True  # opened again
        at.run()
        assert at.number_input(key="watch.seed").value == 7

    def test_a_replay_keeps_its_uploader_though_its_box_is_closed(self):
        record = new_game(Rules.preset("british"), players=2, seed=77).record().to_json()
        at = open_app("watch", **FAST)
        at.file_uploader(key="watch.upload").set_value(("g.json", record.encode(), "text/json"))
        at.run()
        at.session_state["watch.upload.open"] = False  # folded while the record replays
        at.run()
        assert texts(at.info)[0].startswith("Replaying the uploaded record")
        assert at.file_uploader(key="watch.upload").value

    def test_the_uploaders_box_stays_open_when_the_replayed_file_is_removed(self):
        record = new_game(Rules.preset("british"), players=2, seed=77).record().to_json()
        at = open_app("watch", **FAST)
        at.file_uploader(key="watch.upload").set_value(("g.json", record.encode(), "text/json"))
        at.run()
        at.file_uploader(key="watch.upload").set_value(None).run()
        assert not at.info  # the AI game again, the uploader still there for another file
        assert at.file_uploader(key="watch.upload").value is None


# ---------------------------------------------------------------------------------- scoring


class TestScoringPage:
    def test_the_count_card_by_card_and_the_match(self):
        at = open_app("scoring", preset="british", seed="2")
        rows = "".join(texts(at.markdown))
        assert rows.count("<figure") >= 1  # the cards left, each a picture with its score
        # The count and the match's running totals: SVG pictures, each with a phone's drawing
        # (a second image, shown in a narrow window), and no charting library for the browser
        # to load.
        charts = [html for html in markup(at) if "whot-score" in html]
        assert len(charts) == 2
        assert all('<img class="pic-narrow"' in chart for chart in charts)
        assert 'alt="The count: penalty points per player' in charts[0]
        assert 'alt="Running totals over the games' in charts[1]
        assert not at.get("plotly_chart")
        assert column(tables(at)[0], "Seat") == ["Seat 0", "Seat 1", "Seat 2"]
        assert "Stars count double" in texts(at.caption)[0]

    def test_a_link_reproduces_the_players_the_format_and_the_seed(self):
        link = {
            "preset": "british",
            "players": "4",
            "seed": "3",
            "format": "tournament",
            "match_players": "3",
        }
        at = open_app("scoring", **link)
        assert not at.warning
        assert at.selectbox(key="score.players").value == 4
        assert at.number_input(key="score.seed").value == 3
        assert at.selectbox(key="score.format").value == "tournament"
        assert at.selectbox(key="score.match_players").value == 3
        assert dict(at.query_params) == link

    def test_stars_doubled_are_shown_doubled(self):
        at = open_app("scoring", preset="british", seed="2")
        captions = "".join(texts(at.markdown))
        for caption in captions.split("<figcaption>")[1:]:
            label = caption.split("</figcaption>")[0]
            if label.startswith("star "):
                assert "×2 = " in label

    @pytest.mark.parametrize("match", ["elimination_100", "tournament", "long_rubber"])
    def test_every_match_format_plays_and_tabulates(self, match):
        at = open_app("scoring", preset="british")
        at.selectbox(key="score.format").set_value(match).run()
        assert not at.exception
        results = tables(at)[1]
        assert len(results) >= 1
        # The running totals are drawn from two games on (one game's are its count).
        charts = [html for html in markup(at) if "Running totals over the games" in html]
        assert len(charts) == (len(results) > 1)


# ---------------------------------------------------------------------------------- compare


def test_a_worker_process_importing_the_script_draws_nothing():
    """Each spawned worker of the Compare page imports app.py as `__mp_main__`: no app there."""
    code = (
        "import runpy, sys; runpy.run_path('app.py', run_name='__mp_main__'); "
        "print('streamlit' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


#: The Compare page's charts of one comparison: length, the leader, every seat, endings, draws,
#: real choices, lead changes, when the winner becomes clear.
COMPARE_CHARTS = 8


class TestComparePage:
    def test_a_comparison_runs_and_is_cached(self, monkeypatch):
        import app_pages.whot.comparing as comparing

        calls, pools = [], []
        real = comparing.compare

        def counting(*args, **kwargs):
            calls.append(args[3])
            pools.append(kwargs["executor"])
            return real(*args, **kwargs)

        monkeypatch.setattr(comparing, "compare", counting)
        at = open_app("compare")
        at.select_slider(key="compare.games").set_value(10).run()
        assert not at.get("plotly_chart")
        at.button(key="compare.run").click().run()
        assert len(at.get("plotly_chart")) == COMPARE_CHARTS
        assert calls == [10]
        # On more than one core the games go to the shared worker processes.
        assert (pools[0] is not None) == (app_comparison.usable_cores() > 1)
        at.switch_page("app_pages/whot/rules.py").run()
        at.switch_page("app_pages/whot/compare.py").run()
        assert len(at.get("plotly_chart")) == COMPARE_CHARTS  # again on return, from the cache
        assert calls == [10]

    def test_a_broken_pool_is_replaced_and_the_games_still_run(self, monkeypatch):
        from concurrent.futures.process import BrokenProcessPool

        import app_pages.whot.comparing as comparing

        pools = []
        real = comparing.compare

        def breaking(*args, executor=None, **kwargs):
            pools.append(executor)
            if executor is not None and len(pools) == 1:
                raise BrokenProcessPool("a worker was killed")
            return real(*args, executor=executor, **kwargs)

        monkeypatch.setattr(comparing, "compare", breaking)
        monkeypatch.setattr(
            comparing.app_comparison, "simulation_pool", lambda: object()
        )  # some pool
        comparing.simulation_pool.clear()
        try:
            at = open_app("compare")
            at.select_slider(key="compare.games").set_value(10)
            at.number_input(key="compare.seed").set_value(987).run()  # not a cached comparison
            at.button(key="compare.run").click().run()
            assert not at.exception
            assert len(at.get("plotly_chart")) == COMPARE_CHARTS
            assert pools[1:] == [None]  # run again here, at once
        finally:
            comparing.simulation_pool.clear()  # the next test makes a real pool again

    def test_with_and_without_defence(self):
        at = open_app("compare", preset="nigerian")
        at.selectbox(key="compare.a").set_value("yours")
        at.selectbox(key="compare.b").set_value("flip:defence")
        at.select_slider(key="compare.games").set_value(10).run()
        at.button(key="compare.run").click().run()
        assert len(at.get("plotly_chart")) == COMPARE_CHARTS

    def test_skill_and_the_special_cards_on_request(self, monkeypatch):
        import app_pages.whot.comparing as comparing

        monkeypatch.setattr(comparing, "SKILL_GAMES", 10)
        monkeypatch.setattr(comparing, "WORTH_GAMES", 6)
        at = open_app("compare")
        at.select_slider(key="compare.games").set_value(10).run()
        at.button(key="compare.run").click().run()
        at.button(key="compare.deeper").click().run()
        assert not at.exception
        assert len(at.get("plotly_chart")) == COMPARE_CHARTS + 2
        readings = [c.value for c in at.caption]
        assert any(r.startswith("Against the random player, the heuristic") for r in readings)
        assert any("a player who may not use" in r for r in readings)

    def test_a_link_reproduces_both_rule_sets_the_players_level_games_and_seed(self):
        link = {
            "preset": "nigerian",
            "a": "yours",
            "b": "flip:defence",
            "players": "3",
            "level": "heuristic",
            "games": "100",
            "seed": "7",
        }
        at = open_app("compare", **link)
        assert not at.warning
        assert at.selectbox(key="compare.a").value == "yours"
        assert at.selectbox(key="compare.b").value == "flip:defence"
        assert at.selectbox(key="compare.players").value == 3
        assert at.selectbox(key="compare.level").value == "heuristic"
        assert at.select_slider(key="compare.games").value == 100
        assert at.number_input(key="compare.seed").value == 7
        assert dict(at.query_params) == link

    def test_a_bad_compare_link_is_named(self):
        at = open_app("compare", b="preset:klingon", level="genius")
        (warning,) = texts(at.warning)
        assert "b: expected one of" in warning and "'preset:klingon'" in warning
        assert "level: expected one of random, heuristic, not 'genius'" in warning
        assert at.selectbox(key="compare.b").value == "preset:nigerian"

    def test_the_same_rule_set_twice_is_not_compared(self):
        at = open_app("compare")
        at.selectbox(key="compare.b").set_value("preset:british").run()
        assert texts(at.info) == ["Choose two different rule sets."]


# ------------------------------------------------------------------------------------- play


def board(at: AppTest) -> tuple[object, dict]:
    """The Play page's table component and the data it was given."""
    return table_component(at, "play.board")


def click_table(
    at: AppTest, move: str, turn: int | None = None, narrow: bool | None = None
) -> AppTest:
    """A click on the Play table: the trigger value `move`, for this turn unless told, and
    whether the table was narrower than a phone's (`narrow`, when given)."""
    _, data = board(at)
    payload = {"move": move, "turn": data["turn"] if turn is None else turn}
    if narrow is not None:
        payload["narrow"] = narrow
    return send_table_event(at, "move", payload, "play.board")


def whot_seed(preset: str = "nigerian") -> int:
    """The first deal in which you may open with a Whot."""
    for seed in range(100):
        table = play_table.new_table(Rules.preset(preset), ["heuristic"], seed, simulations=100)
        if any(a.card.is_whot and a.legal for a in actions.hand_actions(table)):
            return seed
    raise AssertionError("no deal with a Whot to play")


class TestPlayPage:
    def test_your_hand_is_drawn_once_on_the_table_with_the_legal_ones_marked(self):
        at = open_app("play", seed="4")
        table = at.session_state["play.table"]
        hand = table.state.hands[0]
        assert not [b for b in at.button if b.key and b.key.startswith("play.card")]
        assert pictures(at) == 0  # no card images beside the table
        _, data = board(at)
        assert [c["name"] for c in data["cards"]] == [str(card) for card in hand]
        legal = {str(m.card) for m in table.state.legal_moves() if m.card is not None}
        assert {c["name"] for c in data["cards"] if c["legal"]} == legal
        assert data["svg"].count('role="button"') == len(hand) + 1  # and the market

    def test_an_illegal_card_says_why_before_any_click_and_nothing_moves(self):
        at = open_app("play", seed="4")
        before = at.session_state["play.table"].state
        _, data = board(at)
        illegal = [c for c in data["cards"] if not c["legal"]]
        assert illegal, "seed 4 deals a hand with a card that does not fit"
        assert illegal[0]["reason"] == before.explain(f"play {illegal[0]['name']}")
        # Should a move the engine refuses reach the server, it is refused in the engine's words.
        click_table(at, f"play {illegal[0]['name']}")
        [warning] = texts(at.warning)
        assert warning.startswith("Not allowed. Matching: ")
        assert at.session_state["play.table"].state is before

    def test_a_legal_card_is_played_and_your_move_and_the_replies_show_beside_the_table(self):
        at = open_app("play", seed="4")
        before = len(at.session_state["play.table"].log)
        _, data = board(at)
        card = next(c for c in data["cards"] if c["legal"])
        click_table(at, card["plays"][""])
        table = at.session_state["play.table"]
        assert table.log[before].sentences[0] == f"Seat 0 (you) plays {card['name']}."
        told = texts(at.main.columns[-1].markdown)
        assert told[0] == "**Your move and the replies**"
        assert told[1] == f"- Seat 0 (you) plays {card['name']}."
        assert not at.warning

    @pytest.mark.parametrize("narrow", [False, True], ids=["wide", "narrow"])
    def test_after_a_click_the_table_is_drawn_only_for_the_width_it_was_made_at(self, narrow):
        at = open_app("play", seed="4", seats="person,heuristic,heuristic")
        _, first = board(at)
        assert first["svg"] and first["narrow"]  # the width is not known yet: both drawings
        card = next(c for c in first["cards"] if c["legal"])
        click_table(at, card["plays"][""], narrow=narrow)
        _, data = board(at)
        table = at.session_state["play.table"]
        assert data["turn"] == len(table.state.moves) > first["turn"]  # played, and answered
        both = actions.board_data(table)
        assert data["narrow"] is None
        assert data["svg"] == both["narrow" if narrow else "svg"]
        click_table(at, "draw")  # a click that does not say keeps the width known
        _, data = board(at)
        assert data["narrow"] is None
        assert (
            data["svg"]
            == actions.board_data(at.session_state["play.table"])["narrow" if narrow else "svg"]
        )

    def test_a_stale_click_is_dropped(self):
        at = open_app("play", seed="4")
        before = at.session_state["play.table"].state
        _, data = board(at)
        card = next(c for c in data["cards"] if c["legal"])
        click_table(at, card["plays"][""], turn=data["turn"] - 1)
        assert at.session_state["play.table"].state is before and not at.warning

    def test_a_whot_calls_the_shape_chosen(self):
        at = open_app("play", seed=str(whot_seed()))
        _, data = board(at)
        whot = next(c for c in data["cards"] if c["whot"])
        assert whot["legal"] and set(whot["plays"]) == {s.value for s in SHAPES}
        click_table(at, whot["plays"]["star"])
        mine = next(e for e in at.session_state["play.table"].log if e.seat == 0)
        assert mine.sentences[0] == "Seat 0 (you) plays a Whot and calls star."

    def test_going_to_market_and_a_hint(self):
        at = open_app("play", seed="4")
        hand = len(at.session_state["play.table"].state.hands[0])
        at.button(key="play.hint").click().run()
        assert texts(at.info)[-1].startswith("In your seat, the heuristic player would say: ")
        _, data = board(at)
        assert data["market"]["move"] == "draw" and data["market"]["button"] == "Go to market"
        click_table(at, "draw")
        table = at.session_state["play.table"]
        assert table.log[-1].seat != 0 or table.state.is_over
        assert len(table.state.hands[0]) >= hand  # drew at least one card
        assert not [i for i in texts(at.info) if i.startswith("In your seat")]  # hint spent

    def test_the_announcement_to_make_is_yours_to_choose(self):
        # nigerian_street: "semi last card" with two cards left. Seed 4 deals six cards, so
        # set up a game where you hold three, through the page's own state.
        at = open_app("play", preset="nigerian_street", seed="4")
        state = GameState.from_position(
            Rules.preset("nigerian_street"),
            hands=[["circle 3", "circle 4", "star 7"], ["square 5", "cross 1"]],
            pile=["circle 11"],
        )
        at.session_state["play.table"] = play_table.Table(state, (None, "heuristic"), seed=0)
        at.run()
        _, data = board(at)
        assert data["announce"] == "semi last card"
        assert 'say "semi last card"' in data["note"]
        three = next(c for c in data["cards"] if c["name"] == "circle 3")
        click_table(at, three["said"][""])
        table = at.session_state["play.table"]
        yours = [entry for entry in table.log if entry.seat == 0][-1]
        assert 'Seat 0 (you): "Semi last card!"' in yours.sentences
        assert len(table.state.hands[0]) == 2

    def test_a_forgotten_announcement_is_penalised_by_the_engine(self):
        at = open_app("play", preset="nigerian_street", seed="4")
        state = GameState.from_position(
            Rules.preset("nigerian_street"),
            hands=[["circle 3", "circle 4", "star 7"], ["square 5", "cross 1"]],
            pile=["circle 11"],
        )
        at.session_state["play.table"] = play_table.Table(state, (None, "heuristic"), seed=0)
        at.run()
        click_table(at, "play circle 3")
        assert len(at.session_state["play.table"].state.hands[0]) == 4  # two left, two drawn

    def test_a_link_reproduces_the_seats_and_the_game_in_progress(self):
        at = open_app("play", preset="nigerian", ai="2", level="random", seed="6")
        # An older link's AI count and level seat you and two random players.
        assert at.selectbox(key="play.players").value == 3
        assert [at.session_state[f"play.seat.{seat}"] for seat in (1, 2)] == ["random", "random"]
        for _ in range(2):  # two moves of yours: a legal card, or the market
            table = at.session_state["play.table"]
            legal = [a for a in actions.hand_actions(table) if a.legal and a.move]
            click_table(at, legal[0].move if legal else "draw")
        table = at.session_state["play.table"]
        link = dict(at.query_params)
        assert link["seats"] == "person,random,random" and link["seed"] == "6"
        assert len(link["moves"].split(";")) == 2
        again = open_app("play", **link)  # a fresh browser opening the link
        assert not again.warning
        assert again.session_state["play.table"].state.record() == table.state.record()
        assert [e.sentences for e in again.session_state["play.table"].log] == [
            e.sentences for e in table.log
        ]

    def test_a_link_with_a_move_that_is_not_allowed_is_named_and_stops_there(self):
        at = open_app("play", preset="nigerian", seed="6", moves="draw;play star 99")
        [warning] = texts(at.warning)
        assert warning.startswith("Parts of the link were not used: moves: star 99 does not exist")
        from whot_core.whot.app import seats as sx

        assert [str(m) for m in sx.people_moves(at.session_state["play.table"])] == ["draw"]

    def test_the_game_over_message_gives_the_losers_points(self):
        at = open_app("play", preset="british", seed="4")
        state = GameState.from_position(
            Rules.preset("british"), hands=[["circle 5"], ["square 2", "star 7"]], pile=["circle 4"]
        )
        at.session_state["play.table"] = play_table.Table(state, (None, "heuristic"), seed=0)
        at.session_state["play.match"] = None  # one game of its own, not the rubber's first
        at.run()
        click_table(at, "play circle 5")
        [over] = texts(at.success)
        # star 7 counts double under the British rules: 2 + 14
        assert over.endswith("Points left in hand: Seat 1 (Heuristic) 16.")

    def test_switching_to_nigerian_names_mid_game_retells_the_game(self):
        at = open_app("play", seed="4")
        assert any("circle" in m for m in texts(at.markdown))
        at.toggle(key="view.nigerian").set_value(True).run()
        table = at.session_state["play.table"]
        assert table.nigerian and all(entry.nigerian for entry in table.log)
        told = " ".join(texts(at.markdown))
        assert "ball" in told and not re.search(r"\b(circle|triangle|square)\b", told)

    def test_a_new_game_deals_again(self):
        at = open_app("play", seed="4")
        at.number_input(key="play.seed").set_value(5).run()
        at.button(key="play.new").click().run()
        assert at.session_state["play.table"].seed == 5
        assert at.query_params["seed"] == "5"
