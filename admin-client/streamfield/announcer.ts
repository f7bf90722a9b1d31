import { h } from './dom';

/** Says what the editor just did to screen reader users (added, moved, deleted a block). */
export interface Announcer {
  element: HTMLElement;
  announce(message: string): void;
}

/** A polite live region; the message is cleared first so a repeated one is read again. */
export function createAnnouncer(): Announcer {
  const element = h('div', { class: 'sf-visually-hidden', 'aria-live': 'polite', role: 'status', 'data-streamfield-announcer': true });
  return {
    element,
    announce(message) {
      element.textContent = '';
      requestAnimationFrame(() => {
        element.textContent = message;
      });
    },
  };
}
