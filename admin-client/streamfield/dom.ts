/** Small DOM helpers shared by the editor's parts, so each part reads as its markup. */

type AttributeValue = string | number | boolean | null | undefined;

/** A child of `h`: nodes, text, or nothing (left out). */
export type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes (true → present, false/null/undefined → absent) and children.
 * Properties such as `value` or `checked` are set by the caller; attributes here are markup.
 */
export function h<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Record<string, AttributeValue> = {}, ...children: Child[]): HTMLElementTagNameMap[Tag] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

let lastDomId = 0;

/** A document-unique id for label/control pairs; ids are never reused within a page. */
export function nextDomId(prefix: string): string {
  lastDomId += 1;
  return `${prefix}-${lastDomId}`;
}

/** A button of the editor: always `type="button"` so it never submits the edit form. */
export function button(attributes: Record<string, AttributeValue>, onClick: (event: MouseEvent) => void, ...children: Child[]): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, ...children);
  element.addEventListener('click', onClick);
  return element;
}

/**
 * Shows `items` in `list`, keeping the element of each item the list already showed under the
 * same key: a chooser answered again as the editor types on does not pull a choice from under
 * the pointer or the keyboard. `key` covers whatever the element shows.
 */
export function replaceKeyed<Item>(list: HTMLElement, items: readonly Item[], key: (item: Item) => string, make: (item: Item) => HTMLElement): void {
  const shown = new Map(Array.from(list.children, (element) => [(element as HTMLElement).dataset.key, element]));
  list.replaceChildren(
    ...items.map((item) => {
      const itemKey = key(item);
      const kept = shown.get(itemKey);
      if (kept) return kept;
      const made = make(item);
      made.dataset.key = itemKey;
      return made;
    }),
  );
}

/** Focuses the first thing to type into, else the first field button (a chooser), past any header. */
export function focusFirstControl(container: Element | null): void {
  const firstShown = (selector: string) => [...(container?.querySelectorAll<HTMLElement>(selector) ?? [])].find(isRendered);
  (firstShown('input, select, textarea, [contenteditable="true"]') ?? firstShown('.sf-field button'))?.focus();
}

// Hidden controls (a closed link form) cannot take focus.
function isRendered(element: HTMLElement): boolean {
  return element.getClientRects().length > 0;
}

/** Things to undo when a part of the editor is thrown away (TipTap editors, listeners). */
export class Scope {
  private readonly cleanups: Array<() => void> = [];

  /** Registers a cleanup to run on dispose. */
  add(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /** A scope disposed with this one, which can also be disposed on its own. */
  child(): Scope {
    const scope = new Scope();
    this.add(() => scope.dispose());
    return scope;
  }

  /** Runs every cleanup once, newest first. */
  dispose(): void {
    for (const cleanup of this.cleanups.splice(0).reverse()) cleanup();
  }
}
