/**
 * The chooser modal's Search tab over the chooser URL's JSON (schemas.ts chooserResponseSchema):
 * a search box, a collection filter, and pages of choices.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { CHOOSER_KINDS, type MediaTarget } from './chooser-kinds';
import { chooserSearchUrl } from './chooser-urls';
import { button, h, nextDomId, replaceKeyed } from './dom';
import { chooserResponseSchema, type ChooserAnswer, type ChooserChoice } from './schemas';
import { fillSelect } from './select-options';

const SEARCH_DELAY_MS = 250;

/** The Search tab of one chooser modal. */
export interface SearchPanel {
  readonly element: HTMLElement;
  /** Empties the tab for the chooser of `target` at `url`. */
  reset(target: MediaTarget, url: string): void;
  /** Asks for a page of choices and shows them. */
  load(page: number): Promise<void>;
  focus(): void;
  /** Stops a search waiting or under way. */
  abort(): void;
}

/** What the Search tab tells the modal. */
export interface SearchHandlers {
  onChoose(choice: ChooserChoice): void;
  /** Each answer, for what the modal shows beside the tab (whether uploading is offered, and where to). */
  onAnswer(answer: ChooserAnswer): void;
}

/** The Search tab; its results are labelled by the modal's title `titleId`. */
export function createSearchPanel(titleId: string, handlers: SearchHandlers): SearchPanel {
  const searchId = nextDomId('sf-chooser-search');
  const filterId = nextDomId('sf-chooser-collection');
  const search = h('input', { id: searchId, type: 'search', class: 'sf-input', autocomplete: 'off' });
  const collectionFilter = h('select', { id: filterId, class: 'sf-input', 'data-chooser-collection-filter': true });
  const filterField = h('div', { class: 'sf-field' }, h('label', { class: 'sf-label', for: filterId }, gettext('Collection')), collectionFilter);
  const status = h('p', { class: 'sf-modal__status', role: 'status', 'aria-live': 'polite' });
  const denied = h('p', { class: 'sf-chooser__denied', 'data-chooser-denied': true, hidden: true });
  const results = h('ul', { class: 'sf-chooser__results', 'aria-labelledby': titleId });
  const pageLabel = h('span', { class: 'sf-chooser__page', 'data-chooser-page': true });
  const previous = button({ class: 'sf-button sf-button--secondary', 'data-chooser-previous': true }, () => void load(state.page - 1), gettext('Previous'));
  const next = button({ class: 'sf-button sf-button--secondary', 'data-chooser-next': true }, () => void load(state.page + 1), gettext('Next'));
  const pager = h('nav', { class: 'sf-chooser__pager', 'aria-label': gettext('Pages of results'), hidden: true }, previous, pageLabel, next);
  const element = h(
    'div',
    { id: nextDomId('sf-chooser-search-panel'), class: 'sf-chooser__panel', role: 'tabpanel' },
    h('div', { class: 'sf-chooser__filters' }, h('div', { class: 'sf-field' }, h('label', { class: 'sf-label', for: searchId }, gettext('Search')), search), filterField),
    denied,
    status,
    results,
    pager,
  );
  const state = { target: 'image' as MediaTarget, url: '', page: 1 };
  let aborter: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const choiceButton = (choice: ChooserChoice) =>
    button(
      { class: 'sf-chooser__choice', 'data-choice-id': choice.id },
      () => handlers.onChoose(choice),
      choice.thumbnail_url ? h('img', { src: choice.thumbnail_url, alt: '', class: 'sf-chooser__thumb', loading: 'lazy' }) : null,
      h('span', { class: 'sf-chooser__choice-title' }, choice.title),
    );

  const renderAnswer = (answer: ChooserAnswer) => {
    state.page = answer.page;
    denied.hidden = answer.can_choose;
    denied.textContent = answer.can_choose ? '' : CHOOSER_KINDS[state.target].denied();
    fillSelect(collectionFilter, answer.collections, gettext('All collections'));
    filterField.hidden = answer.collections.length < 2;
    handlers.onAnswer(answer);
    replaceKeyed(
      results,
      answer.results,
      (choice) => JSON.stringify([choice.id, choice.title, choice.thumbnail_url ?? null]),
      (choice) => h('li', {}, choiceButton(choice)),
    );
    pager.hidden = answer.num_pages <= 1;
    pageLabel.textContent = interpolate('Page {page} of {pages}', { page: answer.page, pages: answer.num_pages });
    previous.disabled = answer.page <= 1;
    next.disabled = answer.page >= answer.num_pages;
    if (!answer.can_choose) status.textContent = '';
    else status.textContent = answer.results.length ? interpolate('{count} results', { count: answer.results.length }) : gettext('Nothing matches this search.');
  };

  const load = async (page = 1) => {
    // A search still waiting on the keyboard would otherwise land after a turn of page, back on page 1.
    clearTimeout(timer);
    aborter?.abort();
    const controller = new AbortController();
    aborter = controller;
    status.textContent = gettext('Loading…');
    const address = chooserSearchUrl(state.url, { query: search.value.trim(), page, collectionId: collectionFilter.value });
    try {
      const response = await fetch(address, { headers: { Accept: 'application/json' }, signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const parsed = chooserResponseSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('unexpected chooser answer');
      renderAnswer(parsed.data);
    } catch (error) {
      if (controller.signal.aborted) return;
      results.replaceChildren();
      pager.hidden = true;
      status.textContent = interpolate('The choices could not be loaded ({reason}).', { reason: error instanceof Error ? error.message : String(error) });
    }
  };

  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') event.preventDefault();
  });
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(1), SEARCH_DELAY_MS);
  });
  collectionFilter.addEventListener('change', () => void load(1));

  return {
    element,
    load,
    reset(target, url) {
      state.target = target;
      state.url = url;
      state.page = 1;
      search.value = '';
      collectionFilter.replaceChildren();
      results.replaceChildren();
      pager.hidden = true;
      denied.hidden = true;
    },
    focus: () => search.focus(),
    abort() {
      clearTimeout(timer);
      aborter?.abort();
    },
  };
}
