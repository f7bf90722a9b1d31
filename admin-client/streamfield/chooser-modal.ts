/**
 * The modal in which choosers pick an image, document, video or snippet, as Wagtail's: a Search tab
 * (search box, collection filter, pages of choices; chooser-search.ts) over the chooser URL's
 * JSON, and an Upload tab (chooser-upload.ts), offered when the user may add to some collection,
 * posting to the chooser URL's `upload/` (the new item is chosen at once). Pages are picked in
 * the back office's one page chooser (../page-chooser/modal.ts), which browses the tree.
 */
import { gettext } from '../../client/lib/i18n';
import { createPageChooserModal } from '../page-chooser/modal';
import { CHOOSER_KINDS, type MediaTarget } from './chooser-kinds';
import { createSearchPanel } from './chooser-search';
import { createUploadPanel } from './chooser-upload';
import { button, h, nextDomId } from './dom';
import type { ChooserChoice, ChooserTarget } from './schemas';

/** Opens the chooser for one target; resolves with the choice, or null when dismissed. */
export interface ChooserModal {
  element: HTMLDialogElement;
  choose(target: ChooserTarget, url: string): Promise<ChooserChoice | null>;
}

/** One modal per editor, reused by every chooser field; the page chooser sits beside it. */
export function createChooserModal(): ChooserModal {
  const pages = createPageChooserModal();
  const titleId = nextDomId('sf-chooser-title');
  const title = h('h2', { id: titleId, class: 'sf-modal__title' });
  const close = button({ class: 'sf-button sf-button--secondary sf-modal__close' }, () => element.close(), gettext('Cancel'));
  let resolveChoice: ((choice: ChooserChoice | null) => void) | null = null;

  const settle = (choice: ChooserChoice | null) => {
    resolveChoice?.(choice);
    resolveChoice = null;
  };
  const chosen = (choice: ChooserChoice) => {
    settle(choice);
    element.close();
  };

  const searchPanel = createSearchPanel(titleId, {
    onChoose: chosen,
    onAnswer: (answer) => {
      tabs.hidden = !answer.can_upload;
      uploadPanel.setCollections(answer.upload_collections);
    },
  });
  const uploadPanel = createUploadPanel(chosen);

  const searchTab = h('button', { type: 'button', role: 'tab', class: 'sf-chooser__tab', 'aria-controls': searchPanel.element.id, 'aria-selected': 'true' }, gettext('Search'));
  const uploadTab = h(
    'button',
    { type: 'button', role: 'tab', class: 'sf-chooser__tab', 'aria-controls': uploadPanel.element.id, 'aria-selected': 'false', tabindex: -1, 'data-chooser-upload-tab': true },
    gettext('Upload'),
  );
  const tabs = h('div', { class: 'sf-chooser__tabs', role: 'tablist', 'aria-labelledby': titleId, hidden: true }, searchTab, uploadTab);

  const element = h(
    'dialog',
    { class: 'sf-modal', 'aria-labelledby': titleId, 'data-streamfield-chooser': true },
    h('div', { class: 'sf-modal__header' }, title, close),
    tabs,
    searchPanel.element,
    uploadPanel.element,
  );

  const showTab = (which: 'search' | 'upload') => {
    const isUpload = which === 'upload';
    searchTab.setAttribute('aria-selected', String(!isUpload));
    uploadTab.setAttribute('aria-selected', String(isUpload));
    searchTab.tabIndex = isUpload ? -1 : 0;
    uploadTab.tabIndex = isUpload ? 0 : -1;
    searchPanel.element.hidden = isUpload;
    uploadPanel.element.hidden = !isUpload;
  };
  searchTab.addEventListener('click', () => showTab('search'));
  uploadTab.addEventListener('click', () => showTab('upload'));
  tabs.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const other = document.activeElement === searchTab ? uploadTab : searchTab;
    showTab(other === uploadTab ? 'upload' : 'search');
    other.focus();
  });
  element.addEventListener('close', () => {
    searchPanel.abort();
    uploadPanel.abort();
    settle(null);
  });

  const reset = (target: MediaTarget, url: string) => {
    title.textContent = CHOOSER_KINDS[target].title();
    searchPanel.reset(target, url);
    uploadPanel.reset(target, url);
    tabs.hidden = true;
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
      searchPanel.focus();
      void searchPanel.load(1);
      return new Promise((resolve) => {
        resolveChoice = resolve;
      });
    },
  };
}
