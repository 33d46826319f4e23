// The Learn page's progress kept in this browser's localStorage (learn_progress.py says why).
// Until Python has read it (`data.read`), a stored copy is reported as the state value `stored`
// ({text: the stored text}) and nothing is written over it; nothing stored, nothing is reported
// (a report reruns the page). Then it writes what Python sends (`data.save`: the progress as
// text, "" to forget it). Nothing leaves the browser but to this app.
const KEY = "whot-learn.progress";

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  try {
    if (!data.read) {
      const text = window.localStorage.getItem(KEY);
      if (text !== null) {
        setStateValue("stored", { text });
        return;
      }
    }
    if (typeof data.save === "string") {
      if (data.save === "") window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, data.save);
    }
  } catch (error) {
    // Storage refused (a private window, a full disk): say so, and the page keeps the visit's.
    if (!data.read) setStateValue("stored", { text: null, problem: String(error) });
  }
}
