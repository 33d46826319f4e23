// The Learn page's progress kept in this browser's localStorage (learn_progress.py says why).
// On each run it first writes what Python sends (`data.save`: the progress as text, "" to
// forget it), then, until Python has read it once, reports what is stored as the state value
// `stored` ({text: the stored text or null}). Nothing leaves the browser but to this app.
const KEY = "whot-learn.progress";

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  try {
    if (typeof data.save === "string") {
      if (data.save === "") window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, data.save);
    }
    if (!data.read) setStateValue("stored", { text: window.localStorage.getItem(KEY) });
  } catch (error) {
    // Storage refused (a private window, a full disk): say so, and the page keeps the visit's.
    if (!data.read) setStateValue("stored", { text: null, problem: String(error) });
  }
}
