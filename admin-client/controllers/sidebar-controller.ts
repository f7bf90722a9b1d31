import { Controller } from '@hotwired/stimulus';

/** Opens and closes the sidebar on small screens; Escape closes it and returns focus, tabbing out of it closes it too. */
export class SidebarController extends Controller<HTMLElement> {
  static override targets = ['toggle', 'panel'];
  declare readonly toggleTarget: HTMLButtonElement;
  declare readonly panelTarget: HTMLElement;

  toggle(): void {
    this.setOpen(this.toggleTarget.getAttribute('aria-expanded') !== 'true');
  }

  /** The focus left the open menu (Tab past its last control): close it, as the focus is elsewhere now. */
  leave(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null;
    if (next === null || this.panelTarget.contains(next) || this.toggleTarget.contains(next)) return;
    if (this.toggleTarget.getAttribute('aria-expanded') === 'true') this.setOpen(false);
  }

  close(): void {
    if (this.toggleTarget.getAttribute('aria-expanded') !== 'true') return;
    this.setOpen(false);
    this.toggleTarget.focus();
  }

  private setOpen(open: boolean): void {
    this.toggleTarget.setAttribute('aria-expanded', String(open));
    this.panelTarget.classList.toggle('is-open', open);
    // The first control that is shown: the brand link is hidden on small screens.
    if (open) [...this.panelTarget.querySelectorAll<HTMLElement>('a, button')].find((control) => control.offsetParent !== null)?.focus();
  }
}
