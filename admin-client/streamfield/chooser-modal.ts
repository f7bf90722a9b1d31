/**
 * The modal in which choosers pick an image, document or video: a search box and the choices a
 * chooser URL answers with (`{results: [{id, title, thumbnail_url?}]}`). Pages are picked in the
 * back office's one page chooser (../page-chooser/modal.ts), which browses the tree.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { createPageChooserModal } from '../page-chooser/modal';
import { button, h, nextDomId } from './dom';
import { chooserResponseSchema, type ChooserChoice, type ChooserTarget } from './schemas';

const SEARCH_DELAY_MS = 250;

const TITLES: Record<Exclude<ChooserTarget, 'page'>, () => string> = {
  image: () => gettext('Choose an image'),
  document: () => gettext('Choose a document'),
  video: () => gettext('Choose a video'),
};

/** Opens the chooser for one target; resolves with the choice, or null when dismissed. */
export interface ChooserModal {
  element: HTMLDialogElement;
  choose(target: ChooserTarget, url: string): Promise<ChooserChoice | null>;
}

/** The URL of a chooser search: `q` added to whatever query the configured URL has. */
export function chooserSearchUrl(url: string, query: string): string {
  const address = new URL(url, window.location.href);
  address.searchParams.set('q', query);
  return address.toString();
}

/** One modal per editor, reused by every chooser field; the page chooser sits beside it. */
export function createChooserModal(): ChooserModal {
  const pages = createPageChooserModal();
  const titleId = nextDomId('sf-chooser-title');
  const searchId = nextDomId('sf-chooser-search');
  const title = h('h2', { id: titleId, class: 'sf-modal__title' });
  const search = h('input', { id: searchId, type: 'search', class: 'sf-input', autocomplete: 'off' });
  const status = h('p', { class: 'sf-modal__status', role: 'status', 'aria-live': 'polite' });
  const results = h('ul', { class: 'sf-chooser__results', 'aria-labelledby': titleId });
  const close = button({ class: 'sf-button sf-button--secondary sf-modal__close' }, () => element.close(), gettext('Cancel'));
  const element = h(
    'dialog',
    { class: 'sf-modal', 'aria-labelledby': titleId, 'data-streamfield-chooser': true },
    h('div', { class: 'sf-modal__header' }, title, close),
    h('label', { class: 'sf-label', for: searchId }, gettext('Search')),
    search,
    status,
    results,
  );

  let resolveChoice: ((choice: ChooserChoice | null) => void) | null = null;
  let aborter: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let currentUrl = '';

  const settle = (choice: ChooserChoice | null) => {
    resolveChoice?.(choice);
    resolveChoice = null;
  };

  const renderResults = (choices: ChooserChoice[]) => {
    results.replaceChildren(
      ...choices.map((choice) =>
        h(
          'li',
          {},
          button(
            { class: 'sf-chooser__choice', 'data-choice-id': choice.id },
            () => {
              settle(choice);
              element.close();
            },
            choice.thumbnail_url ? h('img', { src: choice.thumbnail_url, alt: '', class: 'sf-chooser__thumb', loading: 'lazy' }) : null,
            h('span', { class: 'sf-chooser__choice-title' }, choice.title),
          ),
        ),
      ),
    );
    status.textContent = choices.length ? interpolate('{count} results', { count: choices.length }) : gettext('Nothing matches this search.');
  };

  const load = async (query: string) => {
    aborter?.abort();
    const controller = new AbortController();
    aborter = controller;
    status.textContent = gettext('Loading…');
    try {
      const response = await fetch(chooserSearchUrl(currentUrl, query), { headers: { Accept: 'application/json' }, signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const parsed = chooserResponseSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('unexpected chooser answer');
      renderResults(parsed.data.results);
    } catch (error) {
      if (controller.signal.aborted) return;
      results.replaceChildren();
      status.textContent = interpolate('The choices could not be loaded ({reason}).', { reason: error instanceof Error ? error.message : String(error) });
    }
  };

  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(search.value.trim()), SEARCH_DELAY_MS);
  });
  element.addEventListener('close', () => {
    clearTimeout(timer);
    aborter?.abort();
    settle(null);
  });

  return {
    element,
    async choose(target, url) {
      if (target === 'page') {
        // Beside the editor's own modal, so it goes when the editor is unmounted.
        if (!pages.element.isConnected) element.after(pages.element);
        const page = await pages.choose(url);
        return page && { id: page.id, title: page.title };
      }
      settle(null);
      currentUrl = url;
      title.textContent = TITLES[target]();
      search.value = '';
      results.replaceChildren();
      element.showModal();
      search.focus();
      void load('');
      return new Promise((resolve) => {
        resolveChoice = resolve;
      });
    },
  };
}
