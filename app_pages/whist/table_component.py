"""The Whist table you play on: one Streamlit custom component (Components v2, inline HTML, CSS
and JavaScript, nothing fetched), the Whot table's counterpart (`table_component.py`).

The data comes from `whot_core.whist.app.table.board_data`: the table's SVG (the cards the seat may
play raised and framed) and each card of the seat's hand with its verdict in the engine's
words. The script makes those cards buttons (a tab stop, an `aria-label`): a card that may not
be played says why at once, without asking the server; a legal one sends its letters back to
Python as the trigger value `card`, with the turn it was clicked on. A tap is a click.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from app_pages.whot.table_component import ACTIVATE_JS
from app_pages.whot.table_component import clicked as clicked_value

CSS = """
:host { display: block; }
.whist-board { font-family: var(--st-font, sans-serif); color: var(--st-text-color, #222); }
.whist-board .picture svg {
  display: block; width: 100%; height: auto; max-height: var(--whist-max-height, 62vh);
  margin: 0 auto;
}
.whist-board [role="button"] { cursor: pointer; outline: none; }
.whist-board [role="button"]:focus-visible .card-face { stroke: #1558d6; stroke-width: 9; }
.whist-board .said { margin: 0.3rem 0 0; min-height: 1.4em; }
.whist-board .said.refused { font-weight: 600; }
.whist-board .how { margin: 0.2rem 0 0; font-size: 0.85rem; opacity: 0.8; }
.whist-board.large, .whist-board.large .how { font-size: 1.35rem; }
"""

JS = ACTIVATE_JS + r"""
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let root = parentElement.querySelector(".whist-board");
  if (!root) {
    root = document.createElement("div");
    root.className = "whist-board";
    parentElement.appendChild(root);
  }
  root.style.setProperty("--whist-max-height", data.maxHeight || "62vh");
  root.classList.toggle("large", Boolean(data.large));
  root.replaceChildren();
  const picture = document.createElement("div");
  picture.className = "picture";
  picture.innerHTML = data.svg;
  root.appendChild(picture);
  const said = document.createElement("p");
  said.className = "said";
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "polite");
  root.appendChild(said);
  if (!data.live) return;
  const how = document.createElement("p");
  how.className = "how";
  how.textContent = "Click or tap a card of your hand to play it (the raised ones follow the " +
    "rules). Tab reaches each card; Enter or Space plays it.";
  root.appendChild(how);

  const verdicts = new Map(data.cards.map((c) => [c.card, c]));
  const hand = picture.querySelector(`.seat[data-seat="${data.seat}"]`);
  if (!hand) return;
  for (const node of hand.querySelectorAll(".card[data-card]")) {
    const card = verdicts.get(node.dataset.card);
    if (!card) continue;
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.dataset.legal = String(card.legal);
    node.setAttribute("aria-label",
      card.legal ? `${card.name}: play it` : `${card.name}: cannot be played. ${card.reason}`);
  }
  function activate(node) {
    const card = verdicts.get(node.dataset.card);
    if (!card) return;
    if (!card.legal) {
      said.classList.add("refused");
      said.textContent = `The ${card.name} cannot be played. ${card.reason}`;
      return;
    }
    said.classList.remove("refused");
    said.textContent = `Playing the ${card.name}`;
    setTriggerValue("card", { card: card.card, turn: data.turn });
  }
  onActivate(hand, activate);
}
"""

_TABLE = st.components.v2.component("whist_table", css=CSS, js=JS)


def whist_table(
    data: dict[str, Any],
    *,
    key: str,
    on_card: Callable[[], None],
    max_height: str = "62vh",
    large: bool = False,
) -> None:
    """Draw the table from `board_data`; a click on a legal card calls `on_card`, which finds
    `{"card": letters, "turn": n}` in `st.session_state[key]["card"]`."""
    _TABLE(key=key, data={**data, "maxHeight": max_height, "large": large}, on_card_change=on_card)


def clicked(key: str) -> Any:
    """The card the table sent with this run (inside `on_card`), or None."""
    return clicked_value(key, "card")
