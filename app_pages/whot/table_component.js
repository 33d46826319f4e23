
function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const ASIDE_PX = 256; // the Check button's column beside a projector's table, its gap included

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let root = parentElement.querySelector(".whot-board");
  if (!root) {
    root = el("div", { class: "whot-board" });
    parentElement.appendChild(root);
    // A dark theme: the panels over the table and the focus rings drawn for it (the CSS).
    root.classList.toggle("dark", isDark(root));
    // Each move, announced: a live region that outlives the table's redrawing (one made anew
    // with its text is not read out), out of sight since the page shows the same words.
    parentElement.appendChild(el("p", { class: "news", role: "status", "aria-live": "polite" }));
  }
  const news = parentElement.querySelector(".news");
  if (data.news && data.news !== news.textContent) news.textContent = data.news;
  const refocus = root.dataset.refocus === "true";
  root.dataset.refocus = "false";
  root.style.setProperty("--whot-max-height", data.maxHeight || "58vh");
  root.classList.toggle("large", Boolean(data.large));
  root.dataset.turn = String(data.turn); // which move the drawing shows (as Whist's table)
  root.replaceChildren();

  const picture = el("div", { class: "picture" });
  // A narrow screen (a phone) draws the other seats in short rows, when the data has them so.
  const narrow = data.narrow && isNarrow(parentElement);
  picture.innerHTML = narrow ? data.narrow : data.svg;
  // A narrow drawing one seat a row is tall: it may be as tall as it needs (`narrowMaxHeight`).
  if (narrow && data.narrowMaxHeight) root.style.setProperty("--whot-max-height", data.narrowMaxHeight);
  root.appendChild(picture);
  // A picture holding buttons is a group of them, not one image (axe: nested-interactive).
  const drawing = picture.querySelector("svg");
  if (drawing && drawing.querySelector('[role="button"]')) drawing.setAttribute("role", "group");
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
  // Another player's turn (`data.waiting`, Play together): a tap on the table says whose turn
  // it is, which the page says too, and sends nothing (the server would refuse it anyway).
  if (!data.live && data.waiting) {
    picture.addEventListener("click", (event) => {
      const tapped = event.target.closest(".seat") || event.target.closest("svg > *");
      if (tapped && calls.hidden) note(data.waiting, tapped);
      said.classList.add("refused");
      said.textContent = data.waiting;
    });
  }
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
    // The width goes with the click: the next drawing need only be the one this width shows.
    setTriggerValue("move", { move: move, turn: data.turn, narrow: isNarrow(parentElement) });
  }

  function moveOf(card, call) {
    const saying = say && say.checked && card.said[call];
    return saying || card.plays[call];
  }

  let opener = null;
  function closeCalls(returnFocus) {
    calls.hidden = true;
    calls.classList.remove("note");
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
    showPanel(node, "Choose the shape your Whot calls (Escape cancels).");
  }

  // The panel over the table (a Whot's calls, the cards to put down together): it opens just
  // above your hand, takes the focus, and says what it asks; Cancel closes it.
  function cancelButton() {
    const cancel = el("button", { type: "button", class: "cancel" }, "Cancel");
    cancel.addEventListener("click", () => closeCalls(true));
    return cancel;
  }

  function showPanel(node, asking) {
    place(node);
    calls.querySelector("button").focus();
    said.classList.remove("refused");
    said.textContent = asking;
  }

  function place(node) {
    const hand = node.closest(".seat") || node;
    const room = picture.getBoundingClientRect().bottom - hand.getBoundingClientRect().top;
    calls.style.bottom = `${Math.round(room + 6)}px`;
    calls.hidden = false;
    // Brought into the window if it is not (the hand at the window's top): the least scroll,
    // so the hand stays in sight.
    calls.scrollIntoView({ block: "nearest" });
  }

  // A card that may not be played says why in a note where the tap was, over the table just
  // above your hand (another's turn, Play together: whose, above what was tapped): the line
  // under the table says it too (a screen reader hears it there), but on a phone that line was
  // under the screen and the tap seemed to do nothing. The note goes at the next tap on a
  // card, on OK, or with Escape; the focus stays where it was.
  function refuse(card, node) {
    // A sentence: "Circle 8 cannot be played." (the engine's reason names the rule after it)
    const name = card.name.charAt(0).toUpperCase() + card.name.slice(1);
    const text = `${name} cannot be played. ${card.reason}`;
    note(text, node);
    said.classList.add("refused");
    said.textContent = text;
  }

  function note(text, node) {
    opener = node.matches('[role="button"]') ? node : null;
    calls.replaceChildren(el("p", { class: "put", id: "whot-call-title" }, text));
    calls.setAttribute("aria-labelledby", "whot-call-title");
    const ok = el("button", { type: "button", class: "cancel" }, "OK");
    ok.addEventListener("click", () => closeCalls(true));
    calls.appendChild(ok);
    calls.classList.add("note");
    place(node);
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
    if (!card.legal) { refuse(card, node); return; }
    if (card.whot) { openCalls(card, node); return; }
    if (card.together && card.together.length) { openTogether(card, node); return; }
    send(moveOf(card, ""), byKeyboard);
  }

  onActivate(picture, activate);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !calls.hidden) { event.preventDefault(); closeCalls(true); }
  });

  // On a projector a question's table is as tall as the window allows, and its Check button
  // under it was below the first screen: it goes beside the drawing, bottom right, when the
  // drawing (bound by its height) leaves the room beside it. A wide table keeps it under.
  if (data.large && data.select && drawing) {
    const view = drawing.viewBox.baseVal;
    const shown = drawing.getBoundingClientRect();
    const drawn = view && view.height ? (shown.height * view.width) / view.height : shown.width;
    root.classList.toggle("aside", shown.width - drawn >= ASIDE_PX);
  }

  if (refocus && data.live) {
    const next = picture.querySelector('.card[role="button"][data-legal="true"]') ||
                 picture.querySelector('.market[role="button"]');
    if (next) next.focus();
  }
}
