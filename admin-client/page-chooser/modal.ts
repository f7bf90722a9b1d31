/**
 * The back office's page chooser modal, used by the move and copy screens
 * (controllers/page-chooser-controller.ts) and the StreamField editor's page fields
 * (streamfield/chooser-modal.ts): browse the tree from parent to children with breadcrumbs, or
 * search titles, and pick a page the server marked selectable. The server (server/admin/page-chooser.ts)
 * decides what may be picked; the modal only shows it.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { button, h, nextDomId, replaceKeyed } from '../streamfield/dom';
import { pageChooserAnswerSchema, type PageChooserAnswer, type PageChooserEntry } from './schema';

const SEARCH_DELAY_MS = 250;

/** Where one chooser request goes: the children of a parent (the root when absent) or a search. */
export interface PageChooserLocation {
  parent?: number;
  search?: string;
  page?: number;
}

/**
 * The address of one chooser request below the chooser's base URL (`/wagtail/choose-page/`),
 * keeping the base's own query (`page_type`, `user_perms`, `target_pages`).
 */
export function pageChooserUrl(base: string, location: PageChooserLocation): string {
  const address = new URL(base, window.location.href);
  const root = address.pathname.endsWith('/') ? address.pathname : `${address.pathname}/`;
  if (location.search !== undefined) {
    address.pathname = `${root}search/`;
    address.searchParams.set('q', location.search);
  } else if (location.parent !== undefined) {
    address.pathname = `${root}${location.parent}/`;
  }
  if (location.page !== undefined && location.page > 1) address.searchParams.set('p', String(location.page));
  return address.toString();
}

/**
 * Opens the chooser on a base URL, browsing `start` (the root by default); resolves with the
 * chosen page, or null when dismissed.
 */
export interface PageChooserModal {
  element: HTMLDialogElement;
  choose(url: string, start?: PageChooserLocation): Promise<PageChooserEntry | null>;
}

/** A page chooser modal; the caller puts `element` in the document. */
export function createPageChooserModal(): PageChooserModal {
  const titleId = nextDomId('page-chooser-title');
  const searchId = nextDomId('page-chooser-search');
  const query = h('input', { id: searchId, type: 'search', maxlength: 200, autocomplete: 'off', placeholder: gettext('Search pages by title') });
  // Not a <form>: the modal can sit inside the form it serves (copy, the page editor).
  const searchBox = h(
    'div',
    { role: 'search', class: 'admin-chooser__search' },
    h('label', { for: searchId, class: 'admin-visually-hidden' }, gettext('Search pages by title')),
    query,
    button({ class: 'admin-button' }, () => search(), gettext('Search')),
  );
  const crumbs = h('ol', { class: 'admin-chooser__crumbs' });
  const status = h('p', { class: 'admin-chooser__status admin-muted', role: 'status', 'aria-live': 'polite' });
  const list = h('ul', { class: 'admin-chooser__list', 'aria-labelledby': titleId });
  const previous = button({ class: 'admin-button admin-chooser__previous', hidden: true }, () => void turn(-1), gettext('Previous'));
  const next = button({ class: 'admin-button admin-chooser__next', hidden: true }, () => void turn(1), gettext('Next'));
  const element = h(
    'dialog',
    { class: 'admin-chooser', 'aria-labelledby': titleId, 'data-page-chooser-modal': true },
    h(
      'div',
      { class: 'admin-chooser__head' },
      h('h2', { id: titleId }, gettext('Choose a page')),
      button({ class: 'admin-button' }, () => element.close(), gettext('Close')),
    ),
    searchBox,
    h('nav', { 'aria-label': gettext('Where you are in the page tree') }, crumbs),
    status,
    list,
    h('div', { class: 'admin-chooser__pages' }, previous, next),
  );

  let baseUrl = '';
  let location: PageChooserLocation = {};
  // Where to go back to when the search box is emptied.
  let browsed: PageChooserLocation = {};
  let aborter: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolveChoice: ((entry: PageChooserEntry | null) => void) | null = null;
  let returnFocus: HTMLElement | null = null;

  const settle = (entry: PageChooserEntry | null) => {
    resolveChoice?.(entry);
    resolveChoice = null;
  };

  const pick = (entry: PageChooserEntry) => {
    settle(entry);
    element.close();
  };

  const load = async (to: PageChooserLocation, focusList = false) => {
    // A search still waiting on the keyboard would otherwise land after a browse or a turn of page.
    clearTimeout(timer);
    aborter?.abort();
    const controller = new AbortController();
    aborter = controller;
    location = to;
    if (to.search === undefined) browsed = to;
    status.textContent = gettext('Loading…');
    try {
      const response = await fetch(pageChooserUrl(baseUrl, to), { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = pageChooserAnswerSchema.safeParse(await response.json());
      if (!answer.success) throw new Error('unexpected chooser answer');
      render(answer.data);
      if (focusList) list.querySelector<HTMLElement>('button')?.focus();
    } catch (error) {
      if (controller.signal.aborted) return;
      list.replaceChildren();
      previous.hidden = next.hidden = true;
      status.textContent = interpolate('The pages could not be loaded ({reason}).', { reason: error instanceof Error ? error.message : String(error) });
    }
  };

  const browse = (entry: PageChooserEntry) => {
    query.value = '';
    void load({ parent: entry.id }, true);
  };

  const turn = (step: number) => load({ ...location, page: (location.page ?? 1) + step }, true);

  const render = (answer: PageChooserAnswer) => {
    crumbs.replaceChildren(
      ...answer.breadcrumbs.map((crumb, index) =>
        index === answer.breadcrumbs.length - 1
          ? h('li', {}, h('span', { 'aria-current': 'location' }, crumb.title))
          : h(
              'li',
              {},
              button({ class: 'admin-link-button' }, () => browse(crumb), crumb.title),
            ),
      ),
    );
    const rows = answer.results.map((entry) => ({ entry, isParent: false }));
    // The parent itself can be the choice (a destination's top level, the root), as in Wagtail.
    if (answer.parent?.selectable && answer.page === 1) rows.unshift({ entry: answer.parent, isParent: true });
    replaceKeyed(
      list,
      rows,
      (shown) => JSON.stringify([shown.entry, shown.isParent]),
      (shown) => row(shown.entry, shown.isParent),
    );
    previous.hidden = answer.page <= 1;
    next.hidden = !answer.has_next;
    status.textContent = announcement(answer);
  };

  const row = (entry: PageChooserEntry, isParent: boolean) =>
    h(
      'li',
      { class: `admin-chooser__row${isParent ? ' admin-chooser__row--parent' : ''}`, 'data-page-id': entry.id },
      h(
        'span',
        { class: 'admin-chooser__title' },
        entry.title,
        h(
          'span',
          { class: 'admin-chooser__meta admin-muted' },
          [entry.type, entry.parent_title === undefined ? '' : interpolate('under {title}', { title: entry.parent_title })].filter(Boolean).join(' · '),
        ),
      ),
      entry.selectable
        ? button(
            { class: 'admin-button admin-button--primary admin-chooser__choose', 'aria-label': interpolate('Choose {title}', { title: entry.title }) },
            () => pick(entry),
            gettext('Choose'),
          )
        : null,
      entry.browsable && !isParent
        ? button({ class: 'admin-button admin-chooser__browse', 'aria-label': interpolate('Show the pages under {title}', { title: entry.title }) }, () => browse(entry), '›')
        : null,
    );

  const announcement = (answer: PageChooserAnswer) => {
    const count = answer.results.length;
    const more = answer.has_next ? ` ${gettext('More on the next page.')}` : '';
    if (answer.parent === null) {
      if (count === 0) return gettext('No page title matches this search.');
      return (count === 1 ? gettext('1 page matches this search.') : interpolate('{count} pages match this search.', { count })) + more;
    }
    const title = answer.parent.title;
    if (count === 0) return interpolate('No pages under {title}.', { title });
    return (count === 1 ? interpolate('1 page under {title}.', { title }) : interpolate('{count} pages under {title}.', { count, title })) + more;
  };

  const search = () => {
    const text = query.value.trim();
    void load(text === '' ? { ...browsed, page: 1 } : { search: text });
  };

  query.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    search();
  });
  query.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(search, SEARCH_DELAY_MS);
  });
  element.addEventListener('close', () => {
    clearTimeout(timer);
    aborter?.abort();
    settle(null);
    returnFocus?.focus();
    returnFocus = null;
  });

  return {
    element,
    choose(url, start = {}) {
      settle(null);
      baseUrl = url;
      returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      query.value = '';
      crumbs.replaceChildren();
      list.replaceChildren();
      element.showModal();
      query.focus();
      void load(start);
      return new Promise((resolve) => {
        resolveChoice = resolve;
      });
    },
  };
}
