export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  let root = parentElement.querySelector(".whist-board");
  if (!root) {
    root = document.createElement("div");
    root.className = "whist-board";
    root.append(document.createElement("div"));
    // The live region lives as long as the table, so that each change to it is announced.
    const said = document.createElement("p");
    said.className = "said";
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "polite");
    // Each move, announced; out of sight, since the page shows the same words beside the table.
    const news = document.createElement("p");
    news.className = "news";
    news.setAttribute("role", "status");
    news.setAttribute("aria-live", "polite");
    root.append(said, news);
    parentElement.appendChild(root);
    root.classList.toggle("dark", isDark(root));  // its focus ring drawn for a dark theme
  }
  const [board, said, news] = root.children;
  const wasInHand = Boolean(root.querySelector(".hand :focus"));
  root.style.setProperty("--whist-max-height", data.maxHeight || "62vh");
  root.classList.toggle("large", Boolean(data.large));
  // A diagram (a Learn question's: each hand a suit a line) fills its column, its words as
  // large as the column's width or the window's height allows; a phone's narrow one instead
  // where the data has it, as tall as it needs when `narrowMaxHeight` says so.
  root.classList.toggle("diagram", Boolean(data.diagram));
  const narrow = data.narrow && isNarrow(parentElement);
  if (narrow && data.narrowMaxHeight) root.style.setProperty("--whist-max-height", data.narrowMaxHeight);
  board.replaceChildren();
  const facts = document.createElement("p");
  facts.className = "facts";
  facts.textContent = (data.facts || []).join(" · ");
  const picture = document.createElement("div");
  picture.className = "picture";
  picture.innerHTML = narrow ? data.narrow : data.svg;
  board.append(facts, picture);
  if (data.news && data.news !== news.textContent) news.textContent = data.news;
  if (root.dataset.turn !== String(data.turn)) {  // a new turn: the last click's words are old
    said.textContent = "";
    said.classList.remove("refused");
  }
  root.dataset.turn = String(data.turn);
  if (!data.cards.length) return;

  const hand = document.createElement("div");
  hand.className = "hand";
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", data.live ? "Your hand: play a card" : "Your hand");
  for (const card of data.cards) {
    const node = document.createElement(data.live ? "button" : "div");
    node.className = "card";
    node.dataset.card = card.card;
    node.innerHTML = card.svg;
    node.querySelector("svg").setAttribute("aria-hidden", "true");
    if (data.live) {
      node.type = "button";
      node.dataset.legal = String(card.legal);
      node.setAttribute("aria-label",
        card.legal ? `${card.name}: play it` : `${card.name}: cannot be played. ${card.reason}`);
    } else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", card.name);
    }
    hand.append(node);
  }
  board.append(hand);
  // Another player's turn (`data.waiting`): a tap on the hand says whose turn it is, which the
  // page says too, and sends nothing (the server would refuse it anyway).
  if (!data.live && data.waiting) {
    hand.addEventListener("click", () => {
      said.classList.add("refused");
      said.textContent = data.waiting;
    });
  }
  if (!data.live) return;
  const how = document.createElement("p");
  how.className = "how";
  how.textContent = "Tap a card to play it: the raised, framed ones follow the rules. By " +
    "keyboard: Tab to your hand, the arrow keys along it, Enter or Space to play.";
  board.append(how);

  const verdicts = new Map(data.cards.map((c) => [c.card, c]));
  const buttons = [...hand.querySelectorAll("button.card")];
  hand.addEventListener("click", (event) => {
    const node = event.target.closest("button.card");
    const card = node && verdicts.get(node.dataset.card);
    if (!card) return;
    if (!card.legal) {
      said.classList.add("refused");
      said.textContent = `The ${card.name} cannot be played. ${card.reason}`;
      return;
    }
    said.classList.remove("refused");
    said.textContent = `Playing the ${card.name}`;
    setTriggerValue("card", { card: card.card, turn: data.turn });
  });
  hand.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const at = buttons.indexOf(event.target);
    if (!step || at < 0) return;
    event.preventDefault();
    buttons[(at + step + buttons.length) % buttons.length].focus();
  });
  // After a card is played the table is drawn anew: the keyboard stays in the hand.
  if (wasInHand) (buttons.find((b) => b.dataset.legal === "true") || buttons[0]).focus();
}
