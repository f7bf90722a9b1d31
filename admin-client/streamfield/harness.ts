/**
 * The development harness page (static/dist/streamfield/harness.html): the real editor on a
 * demo value, with a count of `streamfield:change` events. `?repeat=N` repeats the demo value
 * N times (fresh ids), to try the editor on a long page.
 */
import { randomUuid } from '../../client/lib/random-id';
import { mountAll } from './mount-all';
import { CHANGE_EVENT, type StreamFieldChangeDetail } from './mount';
import type { StreamValue } from './schemas';
import { copyWithFreshIds, definitionsByType } from './value-ops';

const MAX_REPEAT = 100;

function repeatDemoValue(times: number): void {
  const script = document.querySelector('[data-streamfield] script[type="application/json"]');
  if (!script?.textContent) return;
  const config = JSON.parse(script.textContent) as { value: StreamValue; definitions: Parameters<typeof definitionsByType>[0] };
  const byType = definitionsByType(config.definitions);
  const makeId = () => randomUuid();
  config.value = Array.from({ length: times }, () => config.value.map((block) => copyWithFreshIds(block, byType, makeId))).flat();
  script.textContent = JSON.stringify(config);
}

const repeat = Number(new URLSearchParams(window.location.search).get('repeat'));
if (Number.isInteger(repeat) && repeat > 1) repeatDemoValue(Math.min(repeat, MAX_REPEAT));

mountAll();
const output = document.querySelector<HTMLOutputElement>('[data-harness-events]');
let changeCount = 0;
document.addEventListener(CHANGE_EVENT, (event) => {
  changeCount += 1;
  const { value } = (event as CustomEvent<StreamFieldChangeDetail>).detail;
  if (output) output.textContent = `${changeCount} · ${value.length} blocks`;
});
