"""The app's pages, in the navigation's order, and the addresses they answer at (`app.py` draws
the navigation from them)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    """One page of the app: its script under app_pages/ and the address it answers at
    (`url_path`, set here and not taken from the file's name, so moving a file keeps its links)."""

    path: str
    title: str
    icon: str
    url_path: str
    default: bool = False


#: The pages in the navigation's order: shared by both games, then Whot's, then Whist's.
#: The browser tab's icon: an emoji Streamlit knows (any other character is fetched from the
#: server as an address, a 404 on every page load).
ICON = "🃏"

PAGES = (
    Page("app_pages/shared/learn.py", "Learn", ":material/school:", "learn", default=True),
    Page("app_pages/whot/rules.py", "Rules", ":material/menu_book:", "rules"),
    Page("app_pages/whot/watch.py", "Watch", ":material/visibility:", "watch"),
    Page("app_pages/whot/scoring.py", "Scoring", ":material/calculate:", "scoring"),
    Page("app_pages/whot/compare.py", "Compare", ":material/compare_arrows:", "compare"),
    Page(
        "app_pages/whot/side_by_side.py", "Side by side", ":material/view_column_2:", "side_by_side"
    ),
    Page("app_pages/whot/play.py", "Play", ":material/touch_app:", "play"),
    Page("app_pages/shared/together.py", "Play together", ":material/devices:", "together"),
    Page("app_pages/whist/whist.py", "Whist", ":material/playing_cards:", "whist"),
    Page("app_pages/whist/whist_play.py", "Play Whist", ":material/front_hand:", "whist_play"),
    Page("app_pages/shared/classroom.py", "Classroom", ":material/groups:", "classroom"),
)
