
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

// Whether the page's theme is dark: its background (given to a component as
// --st-background-color) as the browser computes it, then its luminance; the tables and the step
// controls (step_controls.js) ask it. `element` is in the component (its root is a shadow root,
// which has no style of its own). Read once, when the component is made: it makes the browser
// work out the style.
function isDark(element) {
  const colour = getComputedStyle(element).getPropertyValue("--st-background-color").trim();
  if (!colour) return false;
  const probe = document.createElement("span");
  probe.style.color = colour;
  element.appendChild(probe);
  const [r, g, b] = (getComputedStyle(probe).color.match(/[\d.]+/g) || []).map(Number);
  probe.remove();
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

const NARROW_PX = 560; // a table column narrower than this is a phone's

// Whether a table's column is a phone's: the tables draw their narrow drawing there, when the
// data has one. `parentElement` is the component's (a shadow root, which has no box: its host
// element is measured).
function isNarrow(parentElement) {
  return (parentElement.host || parentElement).getBoundingClientRect().width < NARROW_PX;
}
