/**
 * The modal in which choosers pick an image, document or video, as Wagtail's: a Search tab
 * (search box, collection filter, pages of choices) over the chooser URL's JSON
 * (schemas.ts chooserResponseSchema), and an Upload tab, offered when the user may add to some
 * collection, posting to the chooser URL's `upload/` (the new item is chosen at once). Pages are
 * picked in the back office's one page chooser (../page-chooser/modal.ts), which browses the tree.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { csrfToken } from '../csrf-token';
import { createPageChooserModal } from '../page-chooser/modal';
import { button, h, nextDomId } from './dom';
import { chooserResponseSchema, chooserUploadResponseSchema, type ChooserAnswer, type ChooserChoice, type ChooserTarget } from './schemas';

const SEARCH_DELAY_MS = 250;

type MediaTarget = Exclude<ChooserTarget, 'page'>;

/** What differs between the three media choosers. */
const KINDS: Record<MediaTarget, { title: () => string; denied: () => string; accept: string; hasTags: boolean }> = {
  image: {
    title: () => gettext('Choose an image'),
    denied: () => gettext("You do not have permission to choose images. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: 'image/*',
    hasTags: true,
  },
  document: {
    title: () => gettext('Choose a document'),
    denied: () => gettext("You do not have permission to choose documents. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: '',
    hasTags: false,
  },
  video: {
    title: () => gettext('Choose a video'),
    denied: () => gettext("You do not have permission to choose videos. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: 'video/*',
    hasTags: false,
  },
};

/** Fields of the upload form that the server may report errors on. */
const UPLOAD_FIELDS = ['title', 'collection', 'file', 'tags'] as const;
type UploadField = (typeof UPLOAD_FIELDS)[number];

/** Opens the chooser for one target; resolves with the choice, or null when dismissed. */
export interface ChooserModal {
  element: HTMLDialogElement;
  choose(target: ChooserTarget, url: string): Promise<ChooserChoice | null>;
}

/** What the Search tab asks the chooser URL. */
export interface ChooserSearch {
  query: string;
  page?: number;
  collectionId?: string;
}

/** The URL of a chooser search: `q`, `p` and `collection_id` added to whatever query the configured URL has. */
export function chooserSearchUrl(url: string, search: ChooserSearch | string): string {
  const { query, page = 1, collectionId = '' } = typeof search === 'string' ? { query: search } : search;
  const address = new URL(url, window.location.href);
  address.searchParams.set('q', query);
  if (page > 1) address.searchParams.set('p', String(page));
  if (collectionId) address.searchParams.set('collection_id', collectionId);
  return address.toString();
}

/** The upload address beside a chooser URL (`/wagtail/images/chooser/` → `/wagtail/images/chooser/upload/`). */
export function chooserUploadUrl(url: string): string {
  const address = new URL(url, window.location.href);
  return new URL('upload/', `${address.origin}${address.pathname.replace(/\/?$/, '/')}`).toString();
}

interface UploadReply {
  status: number;
  body: unknown;
}

/** Posts a multipart form with upload progress (fetch cannot report it). */
function postWithProgress(url: string, data: FormData, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    signal.addEventListener('abort', () => request.abort());
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-CSRFToken', csrfToken());
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new Error(gettext('The connection failed.'))));
    request.send(data);
  });
}

/** A message from a refused upload that carries no per-field errors (413 from the size limit, 403, ...). */
function generalUploadError(reply: UploadReply): string {
  const body = reply.body as { error?: unknown; error_message?: unknown } | null;
  const message = body?.error ?? body?.error_message;
  return typeof message === 'string' ? message : interpolate('The upload failed (HTTP {status}).', { status: reply.status });
}

function labelled(id: string, text: string, control: HTMLElement, error: HTMLElement, required = false): HTMLElement {
  return h('div', { class: 'sf-field' }, h('label', { class: 'sf-label', for: id }, text, required ? h('span', { class: 'sf-required', 'aria-hidden': 'true' }, ' *') : null), control, error);
}

/** One modal per editor, reused by every chooser field; the page chooser sits beside it. */
export function createChooserModal(): ChooserModal {
  const pages = createPageChooserModal();
  const titleId = nextDomId('sf-chooser-title');
  const searchId = nextDomId('sf-chooser-search');
  const filterId = nextDomId('sf-chooser-collection');
  const title = h('h2', { id: titleId, class: 'sf-modal__title' });
  const close = button({ class: 'sf-button sf-button--secondary sf-modal__close' }, () => element.close(), gettext('Cancel'));

  // Search tab
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
  const searchPanelId = nextDomId('sf-chooser-search-panel');
  const searchPanel = h(
    'div',
    { id: searchPanelId, class: 'sf-chooser__panel', role: 'tabpanel' },
    h('div', { class: 'sf-chooser__filters' }, h('div', { class: 'sf-field' }, h('label', { class: 'sf-label', for: searchId }, gettext('Search')), search), filterField),
    denied,
    status,
    results,
    pager,
  );

  // Upload tab
  const uploadIds = Object.fromEntries(UPLOAD_FIELDS.map((field) => [field, nextDomId(`sf-upload-${field}`)])) as Record<UploadField, string>;
  const errorFor = (field: UploadField) => h('p', { class: 'sf-error', id: `${uploadIds[field]}-error`, 'data-upload-error': field, hidden: true });
  const errorOf: Record<UploadField, HTMLElement> = { title: errorFor('title'), collection: errorFor('collection'), file: errorFor('file'), tags: errorFor('tags') };
  // No name or required attributes: the modal sits inside the page's edit form, which must
  // neither send these fields nor be kept from submitting by them.
  const uploadTitle = h('input', { id: uploadIds.title, 'data-upload-field': 'title', class: 'sf-input', 'aria-required': 'true', maxlength: 255, autocomplete: 'off' });
  const uploadCollection = h('select', { id: uploadIds.collection, 'data-upload-field': 'collection', class: 'sf-input' });
  const uploadFile = h('input', { id: uploadIds.file, 'data-upload-field': 'file', type: 'file', class: 'sf-input', 'aria-required': 'true' });
  const uploadTags = h('input', { id: uploadIds.tags, 'data-upload-field': 'tags', class: 'sf-input', autocomplete: 'off' });
  const tagsField = labelled(uploadIds.tags, gettext('Tags'), uploadTags, errorOf.tags);
  const progress = h('progress', { class: 'sf-chooser__progress', max: 1, value: 0, 'aria-label': gettext('Upload progress'), hidden: true });
  const uploadError = h('p', { class: 'sf-error', role: 'alert', 'data-upload-error': 'general', hidden: true });
  const uploadButton = button({ class: 'sf-button', 'data-chooser-upload': true }, () => void upload(), gettext('Upload'));
  const uploadPanelId = nextDomId('sf-chooser-upload-panel');
  // Not a <form>: the modal sits inside the page's edit form, and forms cannot nest.
  const uploadPanel = h(
    'div',
    { id: uploadPanelId, class: 'sf-chooser__panel sf-chooser__upload', role: 'tabpanel', hidden: true },
    labelled(uploadIds.file, gettext('File'), uploadFile, errorOf.file, true),
    labelled(uploadIds.title, gettext('Title'), uploadTitle, errorOf.title, true),
    labelled(uploadIds.collection, gettext('Collection'), uploadCollection, errorOf.collection),
    tagsField,
    progress,
    uploadError,
    h('div', { class: 'sf-chooser__actions' }, uploadButton),
  );

  const searchTab = h('button', { type: 'button', role: 'tab', class: 'sf-chooser__tab', 'aria-controls': searchPanelId, 'aria-selected': 'true' }, gettext('Search'));
  const uploadTab = h('button', { type: 'button', role: 'tab', class: 'sf-chooser__tab', 'aria-controls': uploadPanelId, 'aria-selected': 'false', tabindex: -1, 'data-chooser-upload-tab': true }, gettext('Upload'));
  const tabs = h('div', { class: 'sf-chooser__tabs', role: 'tablist', 'aria-labelledby': titleId, hidden: true }, searchTab, uploadTab);

  const element = h(
    'dialog',
    { class: 'sf-modal', 'aria-labelledby': titleId, 'data-streamfield-chooser': true },
    h('div', { class: 'sf-modal__header' }, title, close),
    tabs,
    searchPanel,
    uploadPanel,
  );

  const state = { target: 'image' as MediaTarget, url: '', page: 1 };
  let resolveChoice: ((choice: ChooserChoice | null) => void) | null = null;
  let aborter: AbortController | null = null;
  let uploadAborter: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = (choice: ChooserChoice | null) => {
    resolveChoice?.(choice);
    resolveChoice = null;
  };

  const showTab = (which: 'search' | 'upload') => {
    const isUpload = which === 'upload';
    searchTab.setAttribute('aria-selected', String(!isUpload));
    uploadTab.setAttribute('aria-selected', String(isUpload));
    searchTab.tabIndex = isUpload ? -1 : 0;
    uploadTab.tabIndex = isUpload ? 0 : -1;
    searchPanel.hidden = isUpload;
    uploadPanel.hidden = !isUpload;
  };
  searchTab.addEventListener('click', () => showTab('search'));
  uploadTab.addEventListener('click', () => showTab('upload'));
  tabs.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const other = document.activeElement === searchTab ? uploadTab : searchTab;
    showTab(other === uploadTab ? 'upload' : 'search');
    other.focus();
  });

  const fillSelect = (select: HTMLSelectElement, options: ChooserAnswer['collections'], first: string | null) => {
    const chosen = select.value;
    select.replaceChildren(...(first === null ? [] : [h('option', { value: '' }, first)]), ...options.map((option) => h('option', { value: option.id }, option.label)));
    if ([...select.options].some((option) => option.value === chosen)) select.value = chosen;
  };

  const renderAnswer = (answer: ChooserAnswer) => {
    state.page = answer.page;
    denied.hidden = answer.can_choose;
    denied.textContent = answer.can_choose ? '' : KINDS[state.target].denied();
    fillSelect(collectionFilter, answer.collections, gettext('All collections'));
    filterField.hidden = answer.collections.length < 2;
    tabs.hidden = !answer.can_upload;
    fillSelect(uploadCollection, answer.upload_collections, null);
    results.replaceChildren(
      ...answer.results.map((choice) =>
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
    pager.hidden = answer.num_pages <= 1;
    pageLabel.textContent = interpolate('Page {page} of {pages}', { page: answer.page, pages: answer.num_pages });
    previous.disabled = answer.page <= 1;
    next.disabled = answer.page >= answer.num_pages;
    if (!answer.can_choose) status.textContent = '';
    else status.textContent = answer.results.length ? interpolate('{count} results', { count: answer.results.length }) : gettext('Nothing matches this search.');
  };

  const load = async (page = 1) => {
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

  const showUploadErrors = (errors: Record<string, string[]>, general: string | null) => {
    for (const field of UPLOAD_FIELDS) {
      const messages = errors[field] ?? [];
      errorOf[field].textContent = messages.join(' ');
      errorOf[field].hidden = messages.length === 0;
      const control = { title: uploadTitle, collection: uploadCollection, file: uploadFile, tags: uploadTags }[field];
      if (messages.length) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', errorOf[field].id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    }
    const others = Object.entries(errors).filter(([field]) => !(UPLOAD_FIELDS as readonly string[]).includes(field)).flatMap(([, messages]) => messages);
    const overall = [general, ...others].filter(Boolean).join(' ');
    uploadError.textContent = overall;
    uploadError.hidden = overall === '';
  };

  const upload = async () => {
    const file = uploadFile.files?.[0];
    const missing: Record<string, string[]> = {};
    if (!file) missing.file = [gettext('Choose a file to upload.')];
    if (!uploadTitle.value.trim()) missing.title = [gettext('A title is required.')];
    if (Object.keys(missing).length) return showUploadErrors(missing, null);
    showUploadErrors({}, null);
    const data = new FormData();
    data.append('title', uploadTitle.value.trim());
    data.append('collection', uploadCollection.value);
    if (KINDS[state.target].hasTags) data.append('tags', uploadTags.value);
    data.append('file', file!);
    progress.hidden = false;
    progress.value = 0;
    uploadButton.disabled = true;
    const controller = new AbortController();
    uploadAborter = controller;
    try {
      const reply = await postWithProgress(chooserUploadUrl(state.url), data, controller.signal, (fraction) => {
        progress.value = fraction;
      });
      const parsed = chooserUploadResponseSchema.safeParse(reply.body);
      if (reply.status === 201 && parsed.success && 'result' in parsed.data) {
        settle(parsed.data.result);
        element.close();
        return;
      }
      if (parsed.success && 'errors' in parsed.data) showUploadErrors(parsed.data.errors, null);
      else showUploadErrors({}, generalUploadError(reply));
    } catch (error) {
      if (!controller.signal.aborted) showUploadErrors({}, error instanceof Error ? error.message : String(error));
    } finally {
      progress.hidden = true;
      uploadButton.disabled = false;
    }
  };

  uploadFile.addEventListener('change', () => {
    // As Wagtail: the title starts as the file's name without its extension.
    const name = uploadFile.files?.[0]?.name;
    if (name && !uploadTitle.value.trim()) uploadTitle.value = name.replace(/\.[^.]+$/, '');
  });
  // Enter in a field would submit the page's edit form around the modal.
  uploadPanel.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void upload();
  });
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') event.preventDefault();
  });
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void load(1), SEARCH_DELAY_MS);
  });
  collectionFilter.addEventListener('change', () => void load(1));
  element.addEventListener('close', () => {
    clearTimeout(timer);
    aborter?.abort();
    uploadAborter?.abort();
    settle(null);
  });

  const reset = (target: MediaTarget, url: string) => {
    state.target = target;
    state.url = url;
    state.page = 1;
    title.textContent = KINDS[target].title();
    search.value = '';
    collectionFilter.replaceChildren();
    results.replaceChildren();
    pager.hidden = true;
    denied.hidden = true;
    tabs.hidden = true;
    uploadTitle.value = '';
    uploadTags.value = '';
    uploadFile.value = '';
    uploadFile.accept = KINDS[target].accept;
    tagsField.hidden = !KINDS[target].hasTags;
    showUploadErrors({}, null);
    showTab('search');
  };

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
      reset(target, url);
      element.showModal();
      search.focus();
      void load(1);
      return new Promise((resolve) => {
        resolveChoice = resolve;
      });
    },
  };
}
