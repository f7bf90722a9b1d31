import { Controller } from '@hotwired/stimulus';

/** How long typing must pause before a draft is saved in the background. */
const AUTOSAVE_DELAY_MS = 1500;

interface SavedReply {
  revision_id: number;
  saved_at: string;
}

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * Saves the edit form as a draft in the background while the editor types (inputs and the
 * StreamField editor's `streamfield:change`), and at once when the tab closes; says when in a
 * live region. Nothing is sent when the form is as last saved.
 */
export class AutosaveController extends Controller<HTMLFormElement> {
  static override targets = ['status', 'revision'];
  static override values = { url: String, savedText: String, failedText: String };
  declare readonly statusTarget: HTMLElement;
  declare readonly revisionTarget: HTMLInputElement;
  declare readonly urlValue: string;
  declare readonly savedTextValue: string;
  declare readonly failedTextValue: string;
  private timer: number | undefined;
  private saved = '';
  private saving: Promise<void> | undefined;
  private submitting = false;
  private readonly schedule = () => {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.save(false), AUTOSAVE_DELAY_MS);
  };
  private readonly leave = () => {
    if (!this.submitting) void this.save(true);
  };
  private readonly submitted = () => {
    this.submitting = true;
    window.clearTimeout(this.timer);
  };

  override connect(): void {
    // After every DOMContentLoaded handler, so the StreamField editors have written their inputs.
    window.setTimeout(() => (this.saved = this.body()), 0);
    for (const type of ['input', 'change', 'streamfield:change']) this.element.addEventListener(type, this.schedule);
    this.element.addEventListener('submit', this.submitted);
    window.addEventListener('pagehide', this.leave);
  }

  override disconnect(): void {
    window.clearTimeout(this.timer);
    for (const type of ['input', 'change', 'streamfield:change']) this.element.removeEventListener(type, this.schedule);
    this.element.removeEventListener('submit', this.submitted);
    window.removeEventListener('pagehide', this.leave);
  }

  private body(): string {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(this.element)) if (typeof value === 'string' && name !== 'revision_id') fields.append(name, value);
    return fields.toString();
  }

  private async save(leaving: boolean): Promise<void> {
    window.clearTimeout(this.timer);
    await this.saving;
    const body = this.body();
    if (body === this.saved || this.submitting) return;
    this.saving = this.send(body, leaving);
    await this.saving;
    this.saving = undefined;
  }

  private async send(body: string, leaving: boolean): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.urlValue, {
        method: 'POST',
        keepalive: leaving,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
      });
    } catch {
      this.statusTarget.textContent = this.failedTextValue.replace('{error}', '');
      return;
    }
    const reply: unknown = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = typeof reply === 'object' && reply !== null && 'error' in reply ? String(reply.error) : '';
      this.statusTarget.textContent = this.failedTextValue.replace('{error}', error).trim();
      return;
    }
    const saved = reply as SavedReply;
    this.saved = body;
    // The next explicit save and the editing session compare against this revision, not the opened one.
    this.revisionTarget.value = String(saved.revision_id);
    document.querySelector('[data-editing-session-revision-id-value]')?.setAttribute('data-editing-session-revision-id-value', String(saved.revision_id));
    this.statusTarget.textContent = this.savedTextValue.replace('{time}', TIME_FORMAT.format(new Date(saved.saved_at)));
  }
}
