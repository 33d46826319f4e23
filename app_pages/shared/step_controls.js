// The step controls of Watch, Side by side and Whist: First, Back, Next (and a page's jumps),
// Last and a slider over the steps, as one element of the page (layout.py's `step_controls`
// says why). A press sends the button's name (the server moves from the step it holds, so two
// quick presses are two steps); the slider sends the step it was let go at.
// The buttons and slider are made once and changed in place, so that a press keeps the focus
// (a keyboard's Enter on Next, again and again) and a drag is not cut short by a redraw.
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data) return;
  const names = data.buttons.map((b) => b.name).join(" ");
  let bar = parentElement.querySelector(".steps");
  if (!bar || bar.dataset.names !== names) {
    bar?.remove();
    bar = build(data, names, setTriggerValue);
    parentElement.appendChild(bar);
    // The focus ring drawn for the theme's background: Streamlit tells a component its colours,
    // not whether it is dark. Read once, when the controls are made: it makes the browser work
    // out the page's style there and then, which a step need not pay.
    const dark = isDark(bar);
    bar.classList.toggle("dark", dark);
    bar.style.colorScheme = dark ? "dark" : "light";
  }
  bar.classList.toggle("large", Boolean(data.large));
  for (const { name, moves } of data.buttons) {
    const button = bar.querySelector(`button[data-name="${name}"]`);
    // aria-disabled, not disabled: a pressed button that stops moving (Next at the last step)
    // keeps the keyboard's focus, and a screen reader still finds it.
    button.setAttribute("aria-disabled", String(!moves));
  }
  const slider = bar.querySelector("input");
  slider.max = String(Math.max(data.last, 1));
  slider.disabled = data.last === 0;
  if (!bar.dragging) slider.value = String(data.step);
  said(slider, data.last);
}

function build(data, names, setTriggerValue) {
  const bar = document.createElement("div");
  bar.className = "steps";
  bar.dataset.names = names;
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Steps");
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  for (const { name, icon, label } of data.buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.name = name;
    const glyph = document.createElement("span");
    glyph.className = "icon";
    glyph.setAttribute("aria-hidden", "true");
    glyph.textContent = icon;
    const words = document.createElement("span");
    words.textContent = label;
    button.append(glyph, words);
    button.addEventListener("click", () => {
      if (button.getAttribute("aria-disabled") !== "true") setTriggerValue("move", { button: name });
    });
    buttons.append(button);
  }
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "Step");
  const shown = document.createElement("output");
  shown.setAttribute("aria-hidden", "true");  // the slider says its value itself
  const slide = document.createElement("div");
  slide.className = "slide";
  slide.append(slider, shown);
  // While dragged, the number follows the thumb and a step drawn meanwhile does not move it;
  // the step is sent once, where it is let go. A press that moves nothing (a tap on the thumb,
  // a right click) sends no change: letting go ends the drag all the same, or the slider would
  // stop following the steps.
  slider.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    bar.dragging = true;
    const done = () => { bar.dragging = false; };
    for (const kind of ["pointerup", "pointercancel"]) {
      window.addEventListener(kind, done, { once: true });
    }
  });
  slider.addEventListener("blur", () => { bar.dragging = false; });
  slider.addEventListener("input", () => said(slider, Number(slider.max)));
  slider.addEventListener("change", () => {
    bar.dragging = false;
    setTriggerValue("move", { to: Number(slider.value) });
  });
  bar.append(buttons, slide);
  return bar;
}

function said(slider, last) {
  const text = `Step ${slider.value} of ${last}`;
  slider.style.setProperty("--fill", `${(100 * Number(slider.value)) / Math.max(last, 1)}%`);
  slider.setAttribute("aria-valuetext", text);
  slider.nextElementSibling.textContent = text;
}
