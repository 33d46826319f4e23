// The projector's page back at its top when the teacher moves the quiz on (room_views.py's
// `top_when_moved` says why). `data.stage` counts the teacher's steps; a rerun at the same
// stage (a student answered) leaves the page where the teacher has it.
export default function (component) {
  const { data } = component;
  if (!data) return;
  const stage = String(data.stage);
  if (window.whotRoomStage === stage) return;
  // The first time too: a room just opened from the form (a rerun, not a new page) would show
  // its lobby as far down as the teacher had scrolled to reach "Open the room".
  window.whotRoomStage = stage;
  // Streamlit scrolls its main section, not the window: take whichever scrolls.
  for (const box of [
    document.querySelector('[data-testid="stMain"]'),
    document.querySelector('[data-testid="stAppViewContainer"]'),
    document.scrollingElement,
  ]) {
    if (box) box.scrollTo({ top: 0 });
  }
}
