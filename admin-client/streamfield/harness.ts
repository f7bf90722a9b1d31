/**
 * The development harness page (static/dist/streamfield/harness.html): the real editor on a
 * demo value, with the form's hidden value and the last `streamfield:change` shown beside it.
 */
import { mountAll } from './mount-all';
import { CHANGE_EVENT, type StreamFieldChangeDetail } from './mount';

const [editor] = mountAll();
const output = document.querySelector<HTMLOutputElement>('[data-harness-events]');
let changeCount = 0;
document.addEventListener(CHANGE_EVENT, (event) => {
  changeCount += 1;
  const { value } = (event as CustomEvent<StreamFieldChangeDetail>).detail;
  if (output) output.textContent = `${changeCount} · ${value.length} blocks`;
});
document.documentElement.dataset.streamfieldReady = editor ? 'true' : 'false';
