
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
