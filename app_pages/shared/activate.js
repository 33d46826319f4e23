
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
