import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { gettext } from '../../lib/i18n';

/**
 * A modal dialog for a visitor panel: focus moves into it on open, Escape or the close button
 * closes it, and focus returns to whatever opened it.
 */
export default function PanelDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect: its clean-up runs as the dialog leaves the page, so focus is back on the
  // opener at once, not a moment later, after a passive effect's turn, from the page's body. The
  // dialog is still modal then, which keeps focus inside it: it is closed first.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const modal = dialog.current;
    modal?.showModal();
    return () => {
      modal?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      className="visitor-panel"
      aria-labelledby="visitor-panel-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="visitor-panel__header">
        <h2 id="visitor-panel-title" className="visitor-panel__title">
          {title}
        </h2>
        <button type="button" className="visitor-panel__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{gettext('Close')}</span>
        </button>
      </div>
      <div className="visitor-panel__body">{children}</div>
    </dialog>
  );
}
