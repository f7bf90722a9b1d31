/**
 * The block menu's preview: while a block type is hovered or focused in the "add a block" menu,
 * a scaled frame shows it with its preview value as the site draws it (the server's
 * /wagtail/block-preview/, Wagtail 6.3's block preview). The frame is out of the tab order: the
 * preview follows the focus, so keyboard users see it as they move through the choices.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { h } from './dom';
import type { SerializedBlockDefinition } from './schemas';

// Moving the pointer across the list should not load every block it passes over.
const SHOW_DELAY_MS = 120;

/** The preview panel of one block menu. */
export interface BlockPreviewPanel {
  element: HTMLElement;
  /** Shows this block type's preview, or says it has none. */
  show(definition: SerializedBlockDefinition): void;
  /** Hides the panel (the menu closed). */
  reset(): void;
}

/** Builds the panel; the menu places `element` beside its list of block types. */
export function createBlockPreviewPanel(): BlockPreviewPanel {
  const heading = h('p', { class: 'sf-menu__preview-title' });
  const frame = h('iframe', { class: 'sf-menu__preview-frame', tabindex: -1, loading: 'lazy' });
  const viewport = h('div', { class: 'sf-menu__preview-viewport' }, frame);
  const none = h('p', { class: 'sf-menu__preview-none', hidden: true }, gettext('No preview is available for this block.'));
  const element = h('aside', { class: 'sf-menu__preview', 'aria-label': gettext('Block preview'), hidden: true, 'data-block-preview': true }, heading, viewport, none);
  let timer: ReturnType<typeof setTimeout> | undefined;

  return {
    element,
    show(definition) {
      clearTimeout(timer);
      element.hidden = false;
      heading.textContent = definition.label;
      const url = definition.preview_url;
      viewport.hidden = url === undefined;
      none.hidden = url !== undefined;
      if (url === undefined) return;
      timer = setTimeout(() => {
        frame.title = interpolate('Preview of the {label} block', { label: definition.label });
        if (frame.getAttribute('src') !== url) frame.setAttribute('src', url);
      }, SHOW_DELAY_MS);
    },
    reset() {
      clearTimeout(timer);
      element.hidden = true;
    },
  };
}
