"""The Play page's table as one interactive picture: a Streamlit custom component (Components v2,
`st.components.v2.component`), its HTML, CSS and JavaScript inline here, nothing fetched.

The data comes from `whot_core.table_actions.board_data`: the table's SVG, whose cards of your
hand and market are buttons (`role="button"`, a tab stop, an `aria-label`), and for each card
its moves and the engine's reason. Everything a click needs is in that data, so the browser
answers at once: a card that may not be played says why without asking the server; a Whot
opens the five shapes to call (nothing is played until one is chosen; Escape or Cancel closes
them); a legal card or the market sends its move's text back to Python as the trigger value
`move`, with the turn it was clicked on. Under `announcements = penalty` a check box beside the
hand says the words with the card. Under `multiple_cards` a card that may take others of its
number with it opens those cards instead: a tap adds one (in the order put down; the last goes
on top) or takes it back, and Put down sends the play the engine listed for that choice.
Nothing needs a hover: a tap is a click.

The Learn page uses the same table in select mode (`data["select"]`): a click marks or unmarks a
card of the hand, and a Check button sends the marked cards (the trigger value `answer`); the
cards are drawn plain, so the picture does not tell which may be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

CSS = """
:host { display: block; }
.whot-board { font-family: var(--st-font, sans-serif); color: var(--st-text-color, #222); }
.whot-board .picture svg {
  display: block; width: 100%; height: auto; max-height: var(--whot-max-height, 58vh);
  margin: 0 auto;
}
.whot-board [role="button"] { cursor: pointer; outline: none; }
.whot-board [role="button"]:focus-visible .card-face,
.whot-board .market[role="button"]:focus-visible .card-back > rect:first-child {
  stroke: #1558d6; stroke-width: 9;
}
.whot-board .market[role="button"]:focus-visible .market-size { text-decoration: underline; }
.whot-board .bar {
  display: flex; flex-wrap: wrap; align-items: center; gap: 0.4rem 0.75rem;
  margin-top: 0.35rem;
}
.whot-board button {
  font: inherit; font-size: 0.95rem; padding: 0.3rem 0.8rem; min-height: 2.5rem;
  border-radius: var(--st-button-radius, 0.5rem); cursor: pointer;
  border: 1px solid var(--st-border-color, #bbb);
  background: var(--st-secondary-background-color, #f0f2f6); color: inherit;
}
.whot-board button:focus-visible { outline: 3px solid #1558d6; outline-offset: 2px; }
.whot-board button.shape { font-weight: 600; }
.whot-board .picture { position: relative; }
.whot-board .calls {
  position: absolute; left: 50%; transform: translateX(-50%); width: max-content;
  max-width: calc(100% - 0.5rem); box-sizing: border-box;
  display: flex; flex-wrap: wrap; justify-content: center; align-items: center; gap: 0.4rem;
  padding: 0.45rem 0.6rem; border: 2px solid #6b1d2a; border-radius: 0.5rem;
  background: #fff; box-shadow: 0 4px 14px rgba(0, 0, 0, 0.25);
}
.whot-board .calls[hidden] { display: none; }
.whot-board .say { display: flex; align-items: center; gap: 0.35rem; font-weight: 600; }
.whot-board .say[hidden] { display: none; }
.whot-board .say input { width: 1.3rem; height: 1.3rem; }
.whot-board .said { margin: 0; flex: 1 1 16rem; }
.whot-board .said.refused { font-weight: 600; }
.whot-board .how { margin: 0.2rem 0 0; font-size: 0.85rem; opacity: 0.8; }
.whot-board.large, .whot-board.large button, .whot-board.large .how { font-size: 1.35rem; }
.whot-board .card.selected .card-face { stroke: #0b6e2e; stroke-width: 9; fill: #e4f4e8; }
.whot-board button.check { font-weight: 600; border-color: #0b6e2e; }
.whot-board button.more[aria-pressed="true"] {
  border-color: #0b6e2e; background: #e4f4e8; font-weight: 600;
}
.whot-board .calls .put { flex-basis: 100%; text-align: center; margin: 0; }
.whot-board button.down { font-weight: 600; border-color: #6b1d2a; }
"""

#: What both tables (Whot and Whist) do with their buttons: a click, or Enter or Space on the
#: focused one, calls `activate(node, byKeyboard)`. Prefixed to each table's script.
ACTIVATE_JS = r"""
function onActivate(container, activate) {
  container.addEventListener("click", (event) => {
    const node = event.target.closest('[role="button"]');
    if (node) activate(node, false);
  });
  container.addEventListener("keydown", (event) => {
    const node = event.target.closest('[role="button"]');
    if (node && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      activate(node, true);
    }
  });
}
"""

JS = ACTIVATE_JS + r"""
function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let root = parentElement.querySelector(".whot-board");
  if (!root) {
    root = el("div", { class: "whot-board" });
    parentElement.appendChild(root);
  }
  const refocus = root.dataset.refocus === "true";
  root.dataset.refocus = "false";
  root.style.setProperty("--whot-max-height", data.maxHeight || "58vh");
  root.classList.toggle("large", Boolean(data.large));
  root.replaceChildren();

  const picture = el("div", { class: "picture" });
  picture.innerHTML = data.svg;
  root.appendChild(picture);
  const bar = el("div", { class: "bar" });
  root.appendChild(bar);

  const cards = new Map(data.cards.map((c) => [String(c.index), c]));
  // Select mode (a question: which cards may be played?): a click marks or unmarks a card,
  // and the check button sends the marked cards as the trigger value `answer`.
  const chosen = new Set((data.select && data.select.chosen) || []);
  function markChosen() {
    for (const node of picture.querySelectorAll('.card[role="button"]')) {
      const on = chosen.has(node.dataset.index);
      node.classList.toggle("selected", on);
      node.setAttribute("aria-pressed", String(on));
    }
  }
  function chosenNames() {
    const names = [...chosen].sort((a, b) => a - b).map((i) => cards.get(i).name);
    return names.length ? "Selected: " + names.join(", ") : "No card selected.";
  }
  let say = null;
  if (data.live && data.market) {
    const market = el("button", { type: "button", class: "draw", "data-move": data.market.move },
                      data.market.button);
    market.addEventListener("click", (e) => send(data.market.move, e.detail === 0));
    bar.appendChild(market);
  }
  if (data.announce) {
    const label = el("label", { class: "say" });
    say = el("input", { type: "checkbox", name: "say" });
    label.append(say, document.createTextNode(`Say "${data.announce}" with my card`));
    bar.appendChild(label);
  }
  // The shapes a Whot calls open over the table, just above your hand.
  const calls = el("div", { class: "calls", role: "group", hidden: "" });
  picture.appendChild(calls);
  const said = el("p", { class: "said", role: "status", "aria-live": "polite" });
  if (data.select) {
    const check = el("button", { type: "button", class: "check" }, data.select.button);
    check.addEventListener("click", () => {
      const picked = [...chosen].sort((a, b) => a - b).map((i) => cards.get(i).card);
      setTriggerValue("answer", { cards: picked, token: data.select.token });
    });
    bar.appendChild(check);
    markChosen();
    said.textContent = chosenNames();
  }
  bar.appendChild(said);
  if (data.note) root.appendChild(el("p", { class: "how" }, data.note));
  if (data.live) {
    root.appendChild(el("p", { class: "how" },
      "Click or tap a framed card of your hand to play it; the market to draw. " +
      "Tab reaches each card; Enter or Space plays it."));
  }

  // After a move the table is drawn anew; a keyboard player's focus comes back to it.
  function send(move, byKeyboard) {
    if (!move) return;
    root.dataset.refocus = String(Boolean(byKeyboard));
    said.classList.remove("refused");
    said.textContent = "Playing: " + move;
    setTriggerValue("move", { move: move, turn: data.turn });
  }

  function moveOf(card, call) {
    const saying = say && say.checked && card.said[call];
    return saying || card.plays[call];
  }

  let opener = null;
  function closeCalls(returnFocus) {
    calls.hidden = true;
    calls.replaceChildren();
    if (returnFocus && opener) opener.focus();
    opener = null;
  }

  function openCalls(card, node) {
    opener = node;
    const title = "Your Whot calls:";
    calls.replaceChildren(el("span", { id: "whot-call-title" }, title));
    calls.setAttribute("aria-labelledby", "whot-call-title");
    for (const shape of data.shapes) {
      const attrs = { type: "button", class: "shape", "data-shape": shape.value };
      const b = el("button", attrs, shape.name);
      b.addEventListener("click", (e) => {
        const move = moveOf(card, shape.value);
        closeCalls(false);
        send(move, e.detail === 0);
      });
      calls.appendChild(b);
    }
    calls.appendChild(cancelButton());
    showPanel(node, `Choose the shape your ${card.name} calls (Escape cancels).`);
  }

  // The panel over the table (a Whot's calls, the cards to put down together): it opens just
  // above your hand, takes the focus, and says what it asks; Cancel closes it.
  function cancelButton() {
    const cancel = el("button", { type: "button", class: "cancel" }, "Cancel");
    cancel.addEventListener("click", () => closeCalls(true));
    return cancel;
  }

  function showPanel(node, asking) {
    const hand = node.closest(".seat") || node;
    const room = picture.getBoundingClientRect().bottom - hand.getBoundingClientRect().top;
    calls.style.bottom = `${Math.round(room + 6)}px`;
    calls.hidden = false;
    calls.querySelector("button").focus();
    said.classList.remove("refused");
    said.textContent = asking;
  }

  // Several cards of one number at once (multiple_cards): the cards that may go down with
  // the one clicked, added in the order put down; the engine's listed play for that choice.
  function sameTogether(a, b) {
    if (a.length !== b.length || a[0] !== b[0] || a[a.length - 1] !== b[b.length - 1]) {
      return false;
    }
    const middle = (xs) => xs.slice(1, -1).sort().join("|");
    return middle(a) === middle(b);
  }

  function openTogether(card, node) {
    opener = node;
    const others = new Set(card.together.flatMap((t) => t.cards.slice(1)));
    const extra = data.cards.filter((c) => c.index !== card.index && others.has(c.card));
    const order = [];
    calls.replaceChildren(el("span", { id: "whot-call-title" },
      `On ${data.pile}: put down your ${card.name} alone, or add more ${card.number}s:`));
    calls.setAttribute("aria-labelledby", "whot-call-title");
    const put = el("p", { class: "put", role: "status" });
    const sayLabel = el("label", { class: "say" });
    const sayBox = el("input", { type: "checkbox", name: "say-together" });
    const sayWords = document.createTextNode("");
    sayLabel.append(sayBox, sayWords);
    const down = el("button", { type: "button", class: "down" }, "Put down");
    function chosenPlay() {
      if (!order.length) return { move: moveOf(card, ""), alone: true };
      const names = [card.card, ...order.map((c) => c.card)];
      return card.together.find((t) => sameTogether(t.cards, names)) || null;
    }
    function refresh() {
      const names = [card.name, ...order.map((c) => c.name)];
      const play = chosenPlay();
      put.textContent = order.length
        ? `${names.join(" + ")}: the ${names[names.length - 1]} goes on top.`
        : `${card.name} alone.`;
      if (!play) put.textContent += " These cards cannot go down together now.";
      down.disabled = !play;
      const words = play && !play.alone ? play.words : null;
      sayLabel.hidden = !words;
      sayWords.textContent = words ? ` Say "${words}" with them` : "";
      if (!words) sayBox.checked = false;
    }
    for (const other of extra) {
      const b = el("button", { type: "button", class: "more", "aria-pressed": "false",
                               "data-card": other.card }, `+ ${other.name}`);
      b.addEventListener("click", () => {
        const at = order.indexOf(other);
        if (at >= 0) order.splice(at, 1); else order.push(other);
        b.setAttribute("aria-pressed", String(at < 0));
        // Added, the button says how to take the card back (a tap on it again).
        b.textContent = at < 0 ? `\u2212 ${other.name}` : `+ ${other.name}`;
        refresh();
      });
      calls.appendChild(b);
    }
    down.addEventListener("click", (e) => {
      const play = chosenPlay();
      if (!play) return;
      const move = play.alone ? play.move : (sayBox.checked && play.said) || play.move;
      closeCalls(false);
      send(move, e.detail === 0);
    });
    calls.append(put, sayLabel, down, cancelButton());
    refresh();
    showPanel(node, `Choose the cards that go down with your ${card.name} (Escape cancels).`);
  }

  function activate(node, byKeyboard) {
    if (data.select && node.dataset.index !== undefined) {
      const index = node.dataset.index;
      if (chosen.has(index)) chosen.delete(index); else chosen.add(index);
      markChosen();
      said.textContent = chosenNames();
      return;
    }
    if (!data.live) return;
    if (node.classList.contains("market")) {
      closeCalls(false);
      send(data.market.move, byKeyboard);
      return;
    }
    const card = cards.get(node.dataset.index);
    if (!card) return;
    closeCalls(false);
    if (!card.legal) {
      said.classList.add("refused");
      said.textContent = `${card.name} cannot be played. ${card.reason}`;
      return;
    }
    if (card.whot) { openCalls(card, node); return; }
    if (card.together && card.together.length) { openTogether(card, node); return; }
    send(moveOf(card, ""), byKeyboard);
  }

  onActivate(picture, activate);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !calls.hidden) { event.preventDefault(); closeCalls(true); }
  });

  if (refocus && data.live) {
    const next = picture.querySelector('.card[role="button"][data-legal="true"]') ||
                 picture.querySelector('.market[role="button"]');
    if (next) next.focus();
  }
}
"""

_TABLE = st.components.v2.component("whot_table", css=CSS, js=JS)


def interactive_table(
    data: dict[str, Any],
    *,
    key: str,
    on_move: Callable[[], None],
    max_height: str = "58vh",
    large: bool = False,
    on_answer: Callable[[], None] | None = None,
) -> None:
    """Draw the table from `board_data`, at most `max_height` tall (its words `large` for a
    projector); a click on a legal card or the market calls `on_move`, which finds
    `{"move": text, "turn": n}` in `st.session_state[key]["move"]`.

    With `data["select"]` (`{"button": words, "token": text, "chosen": [indexes]}`, the Learn
    page's questions) a click on a card of the hand marks or unmarks it, and the button sends
    `{"cards": [card texts], "token": text}` to `on_answer` as the trigger value `answer`."""
    data = {**data, "maxHeight": max_height, "large": large}
    callbacks = {} if on_answer is None else {"on_answer_change": on_answer}
    _TABLE(key=key, data=data, on_move_change=on_move, **callbacks)


def clicked(key: str, trigger: str = "move") -> Any:
    """The trigger value the table sent with this run (inside `on_move`, or `on_answer` with
    `trigger="answer"`), or None."""
    value = st.session_state.get(key)
    return value.get(trigger) if hasattr(value, "get") else None
