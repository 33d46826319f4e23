"""Play together in Chromium: three phones (each a browser context of its own) and a projector
watching, on the app server the browser tests share (`app_server` in conftest.py), play a whole
Whot game to its end; two phones and two AI seats play a whole Whist hand.

Ada opens a table of three from her phone, Bo joins by the link, a player whose name is markup
by the typed code; the projector watches. Each phone, at each of its turns, is checked for
hidden information: its table shows no face-up card but its own and the played ones, and the
projector's none but the played ones (at Whist: each phone holds exactly its own cards). A move
on one phone shows on the others; the tab says "Your turn" to the phone to play. At the end
every hand is face up and the record downloads. A person who lost their link finds their seat
kept in their browser until they leave. (What the server sends a phone is checked card by card
in tests/test_shared_table.py.)"""

from __future__ import annotations

import base64
import itertools
import re
import urllib.parse
from pathlib import Path

import pytest
from browser_support import shots
from playwright.sync_api import expect
from screen_measure import smallest_text
from test_browser_classroom import MAIN, MARKUP, SCROLLED, screen, server

from whot_core.classroom.sqlite_tables import SqliteTableStore
from whot_core.classroom.table_games import GAMES
from whot_core.whot.app import shared_table as shared

pytestmark = pytest.mark.timeout(900)
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
#: Small hands, so that the whole game is short: every rule of the preset still holds.
RULES = "preset=nigerian&hand_size=2"
LEGAL = '.whot-board .card[role="button"][data-legal="true"]'
MARKET = ".whot-board button.draw"
#: The deal of the whole-game test: the same game every run (AI-free, each person plays the first
#: card it may), over in a few dozen turns.
SEED = 7
#: A name that is Markdown: shown as text, never as a link (Streamlit's boxes read Markdown).
LINK = "[Bo](https://example.com/b)"


def faces(svg: str) -> set[str]:
    """The cards a table picture shows face up, by name (the picture's own title aside)."""
    found = re.findall(r"<title>([^<]*)</title>", svg)
    return {t.split(", ")[0] for t in found if not t.startswith(("The table", "The Whist table"))}


#: The projector's table picture, Whot's or Whist's (its alt text starts so).
TABLE_IMAGE = "img[alt^='The table']:visible, img[alt^='The Whist table']:visible"


def projector_faces(projector) -> set[str]:
    """The projector's picture is an image (a data URI): the faces in its SVG."""
    src = projector.locator(TABLE_IMAGE).first.get_attribute("src")
    head, _, body = src.partition(",")
    svg = base64.b64decode(body).decode() if ";base64" in head else urllib.parse.unquote(body)
    return faces(svg)


def open_table(phone, base: str, name: str, *, query: str = RULES, players: int = 0,
               game: str = "Whot", seed: int = 0) -> str:  # fmt: skip
    """`name` opens a table from the page's form (of `players` seats, when given; dealt from
    `seed`, when given): its code."""
    phone.goto(f"{base}/together?{query}")
    if game != "Whot":
        phone.locator("[data-testid=stRadio]").get_by_text(game, exact=True).click()
    phone.get_by_label("Your name").nth(1).fill(name)
    if players:
        phone.get_by_label("Players").click()
        phone.get_by_role("option", name=str(players)).click()
    if seed:
        phone.get_by_label("Seed (the deal): 0 deals at random").fill(str(seed))
        phone.get_by_label("Seed (the deal): 0 deals at random").press("Enter")
    phone.get_by_role("button", name="Open the table").click()
    return shots.shown_code(phone)


def sit(phone, base: str, code: str, name: str) -> None:
    """`name` sits down by the join link (the QR code's)."""
    phone.goto(f"{base}/together?table={code}")
    phone.get_by_label("Your name").fill(name)
    phone.get_by_role("button", name="Sit down").click()


def game_of(store: SqliteTableStore, code: str):
    table = store.table(code)
    rules = GAMES["whot"].read_rules(table.rules)
    return table, shared.replay(rules, len(table.seats), table.seed, table.moves)


def play_one(phone) -> None:
    """A legal card if the phone has one (a Whot calls the first shape offered), else the
    market."""
    legal = phone.locator(LEGAL)
    if legal.count():
        legal.first.click()
        shape = phone.locator(".whot-board button.shape")
        if shape.count():
            shape.first.click()
    else:
        phone.locator(MARKET).click()


def test_three_phones_and_a_projector_play_a_whole_game(browser, app_server):
    base, path = app_server
    dialogs: list[str] = []
    store = SqliteTableStore(path)
    ada, bo, odd = (screen(browser, PHONE, dialogs) for _ in range(3))
    code = open_table(ada, base, "Ada", players=3, seed=SEED)
    sit(bo, base, code, LINK)
    twin = screen(browser, PHONE, dialogs)  # the same name again: refused, in words
    sit(twin, base, code, LINK.upper())
    twin.get_by_text(f"is called {LINK.upper()} already").wait_for()
    assert twin.locator("a[href*='example.com' i]").count() == 0  # the name stayed text
    twin.get_by_role("button", name="Watch this table instead").wait_for()  # still offered
    odd.goto(f"{base}/together")
    odd.get_by_label("The table's code").fill(code.lower())
    odd.get_by_label("Your name").nth(0).fill(MARKUP)
    odd.get_by_role("button", name="Sit down").click()
    odd.get_by_text("Waiting for Ada to start the game.").wait_for()
    projector = screen(browser, PROJECTOR, dialogs)
    projector.goto(f"{base}/together?table={code}&watch=1&classroom=on")
    projector.get_by_text(f"Seat 2: {MARKUP}").wait_for()  # the name, as text

    ada.get_by_text(f"Seat 2: {MARKUP}").wait_for()  # Ada's screen followed the joins
    ada.get_by_role("button", name="Start the game").click()
    phones = {0: ada, 1: bo, 2: odd}
    turns = 0
    while True:
        table, game = game_of(store, code)
        if game.state.is_over:
            break
        seat = game.state.current_player
        phone = phones[seat]
        phone.get_by_text("Your turn.").wait_for()  # the page moved on by itself
        board = f'.whot-board[data-turn="{len(table.moves)}"]'  # this turn's drawing
        phone.locator(board).wait_for()
        expect(phone).to_have_title(re.compile("^Your turn"))  # set by the page after its text
        own = {card.name(False) for card in game.state.hand(seat)}
        pile = {card.name(False) for card in game.state.pile}  # played: public
        shown = faces(phone.locator(f"{board} .picture svg").evaluate("n => n.outerHTML"))
        assert own <= shown <= own | pile, (seat, shown, own)
        for other, screen_ in phones.items():
            if other != seat:
                expect(screen_).not_to_have_title(re.compile("^Your turn"))
        moves = len(table.moves)
        play_one(phone)
        for _ in range(600):  # the move reaches the table (the page's rerun, then the store)
            if len(store.table(code).moves) > moves:
                break
            phone.wait_for_timeout(100)
        else:
            raise AssertionError(f"seat {seat}'s move did not reach the table")
        after = game_of(store, code)[1].state
        # Every card anyone has played or turned up is public (a projector a few moves
        # behind may still show a pile since turned over into the market).
        played = {e.card.name(False) for e in after.public_events if hasattr(e, "card")}
        played |= pile | {card.name(False) for card in after.pile}
        if not after.is_over:  # an old picture or the new: no hand (at the end, every hand)
            assert projector_faces(projector) <= played
        turns += 1
        assert turns < 200

    assert turns >= 3  # people played, not only the deal
    for phone in phones.values():
        phone.get_by_text("The game is over").wait_for()
    table, game = game_of(store, code)
    every = {card.name(False) for seat in range(3) for card in game.state.hand(seat)}
    shown = faces(bo.locator(shots.TABLE).first.evaluate("n => n.outerHTML"))
    assert every <= shown  # at the end every hand is face up
    projector.get_by_text("The game is over").wait_for()
    with projector.expect_download() as download:
        projector.get_by_role("button", name="Download this game record").click()
    record = Path(download.value.path()).read_text()
    assert '"moves"' in record
    assert MARKUP in projector.inner_text("body") and LINK in projector.inner_text("body")
    for page in (*phones.values(), projector):
        assert page.locator("a[href*='example.com' i]").count() == 0
    for page in (*phones.values(), projector):
        assert shots.error_boxes(page) == []
    assert dialogs == []  # the markup name ran no script anywhere


def test_a_lost_link_finds_the_seat_kept_in_the_browser_until_its_person_leaves(
    browser, app_server
):
    dialogs: list[str] = []
    base, _ = app_server
    ada, bo = (screen(browser, PHONE, dialogs) for _ in range(2))
    code = open_table(ada, base, "Ada")
    sit(bo, base, code, "Bo")
    bo.get_by_text("you are Seat 1").wait_for()

    bo.goto(f"{base}/together?table={code}")  # the join link again: the token is not in it
    bo.get_by_text("This browser kept a seat at this table for Bo.").wait_for()
    bo.get_by_role("button", name="Back to that seat").click()
    bo.get_by_text("you are Seat 1").wait_for()
    ada.get_by_role("button", name="Leave the table").click()  # the host leaves first:
    bo.get_by_text("You are the host now").wait_for()  # Bo's screen says the table passed on
    kept = f"() => JSON.parse(localStorage.getItem('whot-seats') || '{{}}')['table:{code}']"
    assert bo.evaluate(kept)["name"] == "Bo"
    bo.get_by_role("button", name="Leave the table").click()
    bo.get_by_role("button", name="Sit down").wait_for()
    bo.wait_for_function(f"() => !({kept[6:]})")  # forgotten: a lost link offers nothing
    assert dialogs == []


#: The lines a block of text is drawn on, each line's characters (from each one's drawn box).
LINES = """el => {
  const range = document.createRange(), rows = new Map();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode()); ) {
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (box) rows.set(Math.round(box.top), (rows.get(Math.round(box.top)) || "") + node.data[i]);
    }
  }
  return [...rows.values()];
}"""


def test_a_table_just_opened_on_a_phone_is_shown_from_its_line_and_its_link_whole(
    browser, app_server
):
    """Two reviewer's findings, on a phone. After Open the table (at the end of the page's two
    forms: the host scrolled to reach it) the page stayed scrolled, past the table's line
    ("Table CODE · ... · you are Seat 0"): the host now sees the table from its top (at
    1280x720 and wider the forms fit the first screen: nothing is scrolled). And the join link
    broke at any letter ("...together?table" / "=CODE&names=..."): it wraps after a "/" or
    before "?" and "&" only, so the code's part reads whole."""
    size = PHONE
    base, _ = app_server
    host = screen(browser, size, [])
    host.goto(f"{base}/together?names=nigerian")  # the longest link: the names in it too
    shots.wait_until_idle(host)
    host.get_by_label("Your name").nth(1).fill("Ada")
    host.evaluate(f"() => document.querySelector('{MAIN}').scrollTo(0, 10000)")  # to the
    assert host.evaluate(SCROLLED) > 0  # form's end, below the first screen, as a host does
    host.get_by_role("button", name="Open the table").click()
    host.get_by_text("you are Seat 0").wait_for()
    shots.wait_until_settled(host)
    host.wait_for_function(f"() => ({SCROLLED})() === 0")
    line = host.get_by_text("you are Seat 0").bounding_box()
    assert line["y"] >= 0 and line["y"] + line["height"] <= size["height"]
    assert host.get_by_text("Seat 0: Ada (host, you)").bounding_box()["y"] < size["height"]
    link = host.locator(".room-link")
    code = host.locator(".room-code").inner_text()
    lines = link.evaluate(LINES)
    assert "".join(lines) == f"{base}/together?table={code}&names=nigerian"
    assert len(lines) > 1  # narrower than the link: it wraps, and where it may
    assert any(f"?table={code}" in line for line in lines), lines
    for line, after in itertools.pairwise(lines):  # never inside "http://" nor a part
        assert (line.endswith("/") and not line.endswith(":/")) or after[0] in "?&", lines


WHIST_LEGAL = '.whist-board button.card[data-legal="true"]'


def test_whist_two_phones_and_two_ai_seats_play_a_hand_each_seeing_only_its_own_cards(
    browser, app_server
):
    from whot_core.whist.engine.cards import Card

    base, path = app_server
    dialogs: list[str] = []
    store = SqliteTableStore(path)
    ada, bo = (screen(browser, PHONE, dialogs) for _ in range(2))
    code = open_table(ada, base, "Ada", query="", game="Whist")
    sit(bo, base, code, "Bo")
    ada.get_by_text("Seat 1: Bo").wait_for()
    # each seat's line names its host and its reader in one bracket: "(host) (you)" was two
    assert ada.get_by_text("Seat 0: Ada (host, you)", exact=True).is_visible()
    assert bo.get_by_text("Seat 1: Bo (you)", exact=True).is_visible()
    for seat in (2, 3):
        ada.get_by_role("button", name=f"Put a Heuristic AI player in Seat {seat}").click()
    ada.get_by_role("button", name="Start the game").click()
    projector = screen(browser, PROJECTOR, dialogs)
    projector.goto(f"{base}/together?table={code}&watch=1&classroom=on")
    phones = {0: ada, 1: bo}
    cards = 0
    while True:  # the whole first hand: thirteen tricks, about half of them led by people
        table = store.table(code)
        state = GAMES["whist"].replay(table.rules, 4, table.seed, table.moves)
        if state.hand_number > 1 or state.is_over:
            break
        cards += 1
        assert cards <= 26  # each person plays one card a trick
        seat = state.current_player
        phone = phones[seat]
        board = f'.whist-board[data-turn="{len(table.moves)}"]'  # this turn's drawing
        phone.locator(board).wait_for()
        phone.get_by_text("Your turn.").wait_for()
        expect(phone).to_have_title(re.compile("^Your turn"))  # set by the page after its text
        if cards == 1:  # the other phone's hand, tapped out of turn: it says whose turn
            other = phones[1 - seat]
            other.locator(board).wait_for()
            other.locator(f"{board} .hand .card").first.click()
            expect(other.locator(".whist-board .said")).to_have_text(
                f"Not your turn yet: {('Ada', 'Bo')[seat]} is to play. Your cards play "
                "when this page says Your turn.")  # fmt: skip
            assert len(store.table(code).moves) == len(table.moves)  # nothing sent
        own = {card.ascii for card in state.hand(seat)}
        held = set(phone.locator(f"{board} .hand .card[data-card]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.card)"))  # fmt: skip
        assert held == own  # its own hand, every card of it, and nothing else
        played = {Card.of(text).name for text in table.moves}
        assert projector_faces(projector) <= played  # the projector: no hand
        phone.locator(WHIST_LEGAL).first.click()
        for _ in range(600):
            if len(store.table(code).moves) > len(table.moves):
                break
            phone.wait_for_timeout(100)
        else:
            raise AssertionError(f"seat {seat}'s card did not reach the table")
    assert cards == 26  # both people played all thirteen of their cards
    for page in (ada, bo, projector):
        assert shots.error_boxes(page) == []
    assert dialogs == []


def test_a_match_at_a_table_game_after_game_with_a_player_out(browser, app_server):
    # The moves are made through the store (the engine checks each), the screens followed in
    # Chromium: a tournament puts a player out after each game.
    import json
    import time

    from whot_core.classroom import table as tables
    from whot_core.classroom.table_views import seat_view, spectator_view
    from whot_core.whot.engine.records import GameRecord
    from whot_core.whot.engine.rules import Rules

    def play_until(store, code, people, done) -> None:
        while not done(spectator_view(store.table(code), time.time())):
            view = spectator_view(store.table(code), time.time())
            joined = people[view.turn]
            legal = seat_view(store.table(code), joined.token, time.time()).legal
            tables.move(store, code, joined.token, joined.seat, legal[0], view.moves,
                        now=time.time())  # fmt: skip

    base, path = app_server
    dialogs: list[str] = []
    chooser = screen(browser, PHONE, dialogs)  # the form offers the match or one game
    chooser.goto(f"{base}/together?preset=naija_tournament")
    chooser.get_by_text("The match: tournament").wait_for()
    chooser.get_by_text("One game", exact=True).click()
    chooser.get_by_label("Your name").nth(1).fill("Chi")
    chooser.get_by_role("button", name="Open the table").click()
    chooser.get_by_text("Naija Whot app, tournament, one game").wait_for()

    store = SqliteTableStore(path)
    rules = json.dumps(Rules.preset("naija_tournament").as_dict())
    ada = tables.open_table(store, "whot", "Ada", seats=3, rules=rules, seed=2, now=time.time())
    obi = tables.sit(store, ada.code, "Obi", now=time.time())
    tables.set_ai(store, ada.code, ada.token, 2, "heuristic", now=time.time())
    tables.start(store, ada.code, ada.token, now=time.time())
    people, code = {0: ada, 1: obi}, ada.code
    play_until(store, code, people, lambda view: view.public["game"] == 2)
    assert spectator_view(store.table(code), time.time()).hand_sizes[1] == 0  # Obi is out

    phone = screen(browser, PHONE, dialogs)
    phone.goto(f"{base}/together?table={code}&me={ada.token}")
    phone.get_by_text("Game 2 of the match: tournament.").wait_for()
    phone.get_by_text("Game 1 ended:").wait_for()
    phone.get_by_text("The match so far").wait_for()
    assert "Out of the match: Obi." in phone.inner_text("body")
    out = screen(browser, PHONE, dialogs)
    out.goto(f"{base}/together?table={code}&me={obi.token}")
    out.get_by_text("You are out of the match").wait_for()
    expect(out).to_have_title(re.compile("^Out of the match"))
    game = game_of(store, code)[1]
    pile = {card.name(False) for card in game.state.pile}
    assert projector_faces(out) <= pile  # Obi watches: no hand face up

    play_until(store, code, people, lambda view: view.phase == "over")
    phone.get_by_text("The match is over:").wait_for()
    out.get_by_text("The match is over:").wait_for()
    finished = game_of(store, code)[1].match.finished
    phone.locator("[data-testid=stRadio]").get_by_text("Game 1", exact=True).click()
    first = f"whot-game-{finished[0].record().setup['deal']['seed']}.json"
    for _ in range(50):  # the button is redrawn for game 1 by the choice's rerun
        shots.wait_until_settled(phone)
        with phone.expect_download() as download:
            phone.get_by_role("button", name="Download this game record").click()
        if download.value.suggested_filename == first:
            break
    record = GameRecord.from_json(Path(download.value.path()).read_bytes())
    assert record.replay().moves == finished[0].moves
    with phone.expect_download() as download:
        phone.get_by_role("button", name="Download the whole match").click()
    match = json.loads(Path(download.value.path()).read_text())
    assert match["format"] == "whot-match" and len(match["games"]) == len(finished)
    for page in (chooser, phone, out):
        assert shots.error_boxes(page) == []
    assert dialogs == []


def test_a_table_goes_on_after_the_server_restarts(browser, tmp_path):
    path = tmp_path / "tables.sqlite3"
    dialogs: list[str] = []
    port = shots.free_port()
    ada, bo = (screen(browser, PHONE, dialogs) for _ in range(2))
    with server(path, port) as base:
        code = open_table(ada, base, "Ada", seed=SEED)
        sit(bo, base, code, "Bo")
        ada.get_by_text("Seat 1: Bo").wait_for()
        ada.get_by_role("button", name="Start the game").click()
        store = SqliteTableStore(path)
        phones = {0: ada, 1: bo}
        seat = game_of(store, code)[1].state.current_player
        phones[seat].get_by_text("Your turn.").wait_for()
        # The same seat on a projector in the classroom setting: "Your turn" beside the table,
        # the table's words 14 px or more, the hand on the first screen.
        large = screen(browser, PROJECTOR, dialogs)
        large.goto(phones[seat].url + "&classroom=on")
        large.locator(".whot-board .picture svg").wait_for()
        shots.wait_until_settled(large)
        assert large.get_by_text("Your turn.").is_visible()
        least = smallest_text(large)
        assert least is not None and least.px >= 14, least
        bottom = large.locator(".whot-board .picture svg").bounding_box()
        assert bottom["y"] + bottom["height"] <= PROJECTOR["height"]
        large.close()
        play_one(phones[seat])
        for _ in range(600):  # the move reaches the table
            if store.table(code).moves:
                break
            ada.wait_for_timeout(100)
        before = store.table(code).moves
    with server(path, port) as base:  # the same address: the links still open the table
        for phone in phones.values():
            phone.reload()
        table, game = game_of(store, code)
        assert table.moves == before  # nothing lost, nothing added by the restart
        seat = game.state.current_player
        phones[seat].get_by_text("Your turn.").wait_for()
        phones[1 - seat].get_by_text("Waiting for").wait_for()
        play_one(phones[seat])
        for _ in range(600):
            if len(store.table(code).moves) > len(before):
                break
            ada.wait_for_timeout(100)
        assert store.table(code).moves[: len(before)] == before
        assert len(store.table(code).moves) > len(before)
    assert dialogs == []


def test_a_tap_on_the_table_out_of_turn_says_whose_turn_it_is_and_sends_nothing(
    browser, app_server
):
    """The waiting phone's hand is a picture: a tap on it did nothing, the standing "Waiting
    for ..." line aside. Now the table says whose turn it is (public, as that line says it, and
    nothing of a hand) and sends no move: the table's record is unchanged."""
    base, path = app_server
    dialogs: list[str] = []
    ada, bo = (screen(browser, PHONE, dialogs) for _ in range(2))
    code = open_table(ada, base, "Ada", seed=SEED)
    sit(bo, base, code, LINK)
    ada.get_by_text(f"Seat 1: {LINK}").wait_for()
    ada.get_by_role("button", name="Start the game").click()
    store = SqliteTableStore(path)
    phones, names = {0: ada, 1: bo}, {0: "Ada", 1: LINK}
    seat = game_of(store, code)[1].state.current_player
    waiting = phones[1 - seat]
    waiting.get_by_text("Waiting for").wait_for()
    shots.wait_until_settled(waiting)
    said = waiting.locator(".whot-board .said")
    assert said.inner_text() == ""
    waiting.locator(".whot-board .picture svg").click()  # its middle: the table
    expect(said).to_have_text(f"Not your turn yet: {names[seat]} is to play. Your cards "
                              "play when this page says Your turn.")  # fmt: skip
    assert said.is_visible()
    assert waiting.locator(LEGAL).count() == 0 and waiting.locator(MARKET).count() == 0
    shots.wait_until_settled(waiting)
    assert store.table(code).moves == ()  # nothing was sent
    phones[seat].get_by_text("Your turn.").wait_for()
    assert phones[seat].locator(".whot-board .said").inner_text() == ""
    assert dialogs == []
