import { Controller } from '@hotwired/stimulus';
import { randomUuid } from '../../client/lib/random-id';
import { csrfToken } from '../csrf-token';
import { PAGE_CHANGED_EVENT } from './autosave-controller';

/** How often an open edit form tells the server it is still open. */
const PING_MS = 10_000;

interface PingReply {
  other_sessions: Array<{ user: string }>;
  page_changed: boolean;
}

/**
 * Pings the editing-session route while the edit form is open and releases the session when
 * the page is left; warns in a live region when others have the page open, and tells the
 * autosave controller (which shows the choice) when somebody saved it since.
 */
export class EditingSessionController extends Controller<HTMLElement> {
  static override targets = ['notice'];
  static override values = { pingUrl: String, releaseUrl: String, revisionId: Number, othersText: String };
  declare readonly noticeTarget: HTMLElement;
  declare readonly pingUrlValue: string;
  declare readonly releaseUrlValue: string;
  declare readonly revisionIdValue: number;
  declare readonly othersTextValue: string;
  private timer: number | undefined;
  private key = '';
  private readonly release = () => void this.send(this.releaseUrlValue.replace('KEY', this.key), null, true);

  override connect(): void {
    this.key = randomUuid();
    void this.ping();
    this.timer = window.setInterval(() => void this.ping(), PING_MS);
    window.addEventListener('pagehide', this.release);
  }

  override disconnect(): void {
    window.clearInterval(this.timer);
    window.removeEventListener('pagehide', this.release);
    this.release();
  }

  private async ping(): Promise<void> {
    const response = await this.send(this.pingUrlValue.replace('KEY', this.key), { revision_id: this.revisionIdValue || null }, false);
    if (!response?.ok) return;
    const reply = (await response.json()) as PingReply;
    const others = reply.other_sessions.map((other) => other.user).join(', ');
    this.noticeTarget.textContent = others ? this.othersTextValue.replace('{users}', others) : '';
    this.noticeTarget.hidden = !others;
    if (reply.page_changed) window.dispatchEvent(new Event(PAGE_CHANGED_EVENT));
  }

  private send(url: string, body: unknown, keepalive: boolean): Promise<Response | undefined> {
    return fetch(url, {
      method: 'POST',
      keepalive,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrftoken': csrfToken() },
      body: JSON.stringify(body ?? {}),
    }).catch(() => undefined);
  }
}
