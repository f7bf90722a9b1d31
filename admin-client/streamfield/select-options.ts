import { h } from './dom';
import type { ChooserAnswer } from './schemas';

/** Replaces a select's options (after an empty `first` one, if given), keeping the chosen value when it is still offered. */
export function fillSelect(select: HTMLSelectElement, options: ChooserAnswer['collections'], first: string | null): void {
  const chosen = select.value;
  select.replaceChildren(...(first === null ? [] : [h('option', { value: '' }, first)]), ...options.map((option) => h('option', { value: option.id }, option.label)));
  if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
}
