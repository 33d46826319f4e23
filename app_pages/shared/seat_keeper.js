// The places this browser holds (a classroom room's place, a table's seat), kept in
// localStorage so that a reload, a closed tab or a lost link brings its person back
// (seat_keeper.py says why). On each run it first writes what Python sends (`data.save`, or
// `data.forget`), then, until Python has read it once, reports the place kept for
// `data.place` as the state value `stored` ({seat: {token, name} or null}).
const KEY = "whot-seats";

export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    if (data.save) kept[data.place] = data.save;
    if (data.forget) delete kept[data.place];
    if (data.save || data.forget) window.localStorage.setItem(KEY, JSON.stringify(kept));
    if (!data.read) setStateValue("stored", { seat: kept[data.place] || null });
  } catch (error) {
    // Storage refused (a private window) or unreadable: the link still brings them back.
    if (!data.read) setStateValue("stored", { seat: null, problem: String(error) });
  }
}
