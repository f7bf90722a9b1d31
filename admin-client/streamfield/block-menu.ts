/**
 * The "add a block" menu: block types by group with a search box, plus pasting a copied block.
 * One menu per editor, opened beside the insert button that asked for it.
 */
import { gettext } from '../../client/lib/i18n';
import { createBlockPreviewPanel } from './block-preview';
import { button, h, nextDomId } from './dom';
import { icon } from './icons';
import type { SerializedBlockDefinition } from './schemas';

/** What the menu does when the editor picks something. */
export interface BlockMenuRequest {
  anchor: HTMLElement;
  onChoose(definition: SerializedBlockDefinition): void;
  onPaste(): void;
}

/** Opens beside an anchor; closes on choice, Escape or a click elsewhere. */
export interface BlockMenu {
  open(request: BlockMenuRequest): void;
  /** Closes the menu, by default returning focus to the button that opened it. */
  close(returnFocus?: boolean): void;
  readonly isOpen: boolean;
}

interface MenuEntry {
  definition: SerializedBlockDefinition;
  item: HTMLLIElement;
  haystack: string;
}

/** Builds the menu's markup once; opening only moves it and resets the search. */
export function createBlockMenu(definitions: readonly SerializedBlockDefinition[]): BlockMenu {
  const searchId = nextDomId('sf-menu-search');
  const titleId = nextDomId('sf-menu-title');
  let request: BlockMenuRequest | null = null;
  const preview = createBlockPreviewPanel();

  const entries: MenuEntry[] = definitions.map((definition) => {
    const choice = button({ class: 'sf-menu__block', 'data-block-type': definition.type }, () => pick(definition), definition.label);
    choice.addEventListener('focus', () => preview.show(definition));
    choice.addEventListener('mouseenter', () => preview.show(definition));
    const item = h('li', {}, choice);
    return { definition, item, haystack: `${definition.label} ${definition.type}`.toLowerCase() };
  });
  const groups = [...new Set(definitions.map((definition) => definition.group))].map((group) => {
    const headingId = nextDomId('sf-menu-group');
    const list = h('ul', { class: 'sf-menu__list', 'aria-labelledby': headingId }, ...entries.filter((entry) => entry.definition.group === group).map((entry) => entry.item));
    return h('section', { class: 'sf-menu__group' }, h('h3', { id: headingId, class: 'sf-menu__group-title' }, group), list);
  });
  const search = h('input', { id: searchId, type: 'search', class: 'sf-input', autocomplete: 'off' });
  const empty = h('p', { class: 'sf-menu__empty', hidden: true }, gettext('No block type matches this search.'));
  const element = h(
    'div',
    { class: 'sf-menu', role: 'dialog', 'aria-labelledby': titleId, hidden: true, 'data-streamfield-menu': true },
    h(
      'div',
      { class: 'sf-menu__header' },
      h('h2', { id: titleId, class: 'sf-menu__title' }, gettext('Add a block')),
      button({ class: 'sf-button sf-button--secondary sf-menu__paste' }, () => paste(), gettext('Paste copied block')),
      button({ class: 'sf-icon-button', 'aria-label': gettext('Close the block menu') }, () => close(), icon('close')),
    ),
    h('label', { class: 'sf-label', for: searchId }, gettext('Search block types')),
    search,
    h('div', { class: 'sf-menu__body' }, h('div', { class: 'sf-menu__groups' }, ...groups, empty), preview.element),
  );

  const filter = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const entry of entries) entry.item.hidden = !words.every((word) => entry.haystack.includes(word));
    for (const group of groups) group.hidden = !group.querySelector('li:not([hidden])');
    empty.hidden = entries.some((entry) => !entry.item.hidden);
  };
  search.addEventListener('input', filter);

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  const onPointerdown = (event: PointerEvent) => {
    if (request && !element.contains(event.target as Node) && !request.anchor.contains(event.target as Node)) close(false);
  };
  element.addEventListener('keydown', onKeydown);
  // Tabbing out of the menu leaves it, as a click elsewhere does.
  element.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (request && next && !element.contains(next) && !request.anchor.contains(next)) close(false);
  });

  function pick(definition: SerializedBlockDefinition) {
    const current = request;
    close(false);
    current?.onChoose(definition);
  }

  function paste() {
    const current = request;
    close(false);
    current?.onPaste();
  }

  function close(returnFocus = true) {
    if (!request) return;
    const { anchor } = request;
    request = null;
    element.hidden = true;
    preview.reset();
    anchor.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onPointerdown);
    if (returnFocus) anchor.focus();
  }

  return {
    open(next) {
      close(false);
      request = next;
      next.anchor.after(element);
      next.anchor.setAttribute('aria-expanded', 'true');
      search.value = '';
      filter();
      element.hidden = false;
      document.addEventListener('pointerdown', onPointerdown);
      // The whole menu in view, not just its search box: the form's sticky save bar would
      // otherwise cover the choices below it (the page's scroll-padding keeps it clear).
      element.scrollIntoView({ block: 'nearest' });
      search.focus({ preventScroll: true });
    },
    close,
    get isOpen() {
      return request !== null;
    },
  };
}
