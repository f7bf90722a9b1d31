import { Controller } from '@hotwired/stimulus';

/** Opens and closes the sidebar on small screens; Escape closes it and returns focus. */
export class SidebarController extends Controller<HTMLElement> {
  static override targets = ['toggle', 'panel'];
  declare readonly toggleTarget: HTMLButtonElement;
  declare readonly panelTarget: HTMLElement;

  toggle(): void {
    this.setOpen(this.toggleTarget.getAttribute('aria-expanded') !== 'true');
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
