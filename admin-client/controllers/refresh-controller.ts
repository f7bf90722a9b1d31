import { Controller } from '@hotwired/stimulus';

/**
 * Re-reads the page every few seconds and swaps in the fresh copy of the region (the host
 * stand's queue), so changes made elsewhere show without a reload. It waits while the tab is
 * hidden or while keyboard focus is inside the region, so a host's place is never lost.
 */
export class RefreshController extends Controller<HTMLElement> {
  static override targets = ['region'];
  static override values = { interval: { type: Number, default: 15_000 } };
  declare readonly regionTarget: HTMLElement;
  declare readonly intervalValue: number;
  private timer: number | undefined;

  override connect(): void {
    this.timer = window.setInterval(() => void this.refresh(), this.intervalValue);
  }

  override disconnect(): void {
    window.clearInterval(this.timer);
  }

  private async refresh(): Promise<void> {
    if (document.hidden || this.regionTarget.contains(document.activeElement)) return;
    const response = await fetch(window.location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' }).catch(() => undefined);
    if (!response?.ok || response.redirected) return;
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById(this.regionTarget.id);
    if (fresh && !this.regionTarget.contains(document.activeElement)) this.regionTarget.innerHTML = fresh.innerHTML;
  }
}
