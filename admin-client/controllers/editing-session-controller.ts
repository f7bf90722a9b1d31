import { Controller } from '@hotwired/stimulus';
import { randomUuid } from '../../client/lib/random-id';

/** How often an open edit form tells the server it is still open. */
const PING_MS = 10_000;

interface PingReply {
  other_sessions: Array<{ user: string }>;
  page_changed: boolean;
}

function csrfToken(): string {
  return /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
}

/**
 * Pings the editing-session route while the edit form is open and releases the session when
 * the page is left; warns in a live region when others have the page open or saved it since.
 */
export class EditingSessionController extends Controller<HTMLElement> {
  static override targets = ['notice'];
  static override values = { pingUrl: String, releaseUrl: String, revisionId: Number, othersText: String, changedText: String };
  declare readonly noticeTarget: HTMLElement;
  declare readonly pingUrlValue: string;
  declare readonly releaseUrlValue: string;
  declare readonly revisionIdValue: number;
  declare readonly othersTextValue: string;
  declare readonly changedTextValue: string;
  private timer: number | undefined;
  private key = '';
  private readonly release = () => this.send(this.releaseUrlValue.replace('KEY', this.key), null, true);

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
    const response = await this.send(this.pingUrlValue.replace('KEY', this.key), { revision_id: this.revisionIdValue }, false);
    if (!response?.ok) return;
    const reply = (await response.json()) as PingReply;
    const messages: string[] = [];
    if (reply.other_sessions.length) messages.push(this.othersTextValue.replace('{users}', reply.other_sessions.map((other) => other.user).join(', ')));
    if (reply.page_changed) messages.push(this.changedTextValue);
    this.noticeTarget.textContent = messages.join(' ');
    this.noticeTarget.hidden = messages.length === 0;
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
