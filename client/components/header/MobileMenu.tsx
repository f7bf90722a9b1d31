import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { gettext } from '../../lib/i18n';
import { useDismiss } from '../../lib/use-dismiss';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The burger button of narrow screens and the dialog it opens: the sign-in link and the
 * navigation. Focus moves into the dialog, stays there, and returns to the burger on close.
 */
export default function MobileMenu({ signInUrl, children }: { signInUrl: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    burgerRef.current?.focus();
  };
  useDismiss(open, { onEscape: close });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    dialog?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    // Focus stays in the dialog: Tab from its last control goes to its first, and back.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.body.classList.add('has-open-dialog');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('has-open-dialog');
    };
  }, [open]);

  return (
    <>
      <button
        ref={burgerRef}
        type="button"
        className="site-header__burger"
        aria-expanded={open}
        // The dialog exists only while open; pointing at a missing element is invalid HTML.
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <span className="burger-icon" aria-hidden="true" />
        <span className="visually-hidden">{gettext('Menu')}</span>
      </button>
      {open && (
        <div id={dialogId} ref={dialogRef} className="mobile-menu" role="dialog" aria-modal="true" aria-label={gettext('Menu')}>
          <div className="mobile-menu__top">
            <a className="mobile-menu__signin" href={signInUrl}>
              {gettext('Sign in')}
            </a>
            <button type="button" className="mobile-menu__close" onClick={close}>
              {gettext('Close')}
            </button>
          </div>
          {children}
        </div>
      )}
    </>
  );
}
