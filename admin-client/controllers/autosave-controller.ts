import { Controller } from '@hotwired/stimulus';
import { EDITORS_MOUNTED_EVENT } from '../streamfield/editor-events';

/** How long typing must pause before a draft is saved in the background. */
const AUTOSAVE_DELAY_MS = 1500;

interface SavedReply {
  revision_id: number;
  saved_at: string;
}

const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** What the editing-session controller dispatches on window when somebody else saved the page. */
export const PAGE_CHANGED_EVENT = 'editing-session:page-changed';

/**
 * Saves the edit form as a draft in the background while the editor types (inputs and the
 * StreamField editor's `streamfield:change`), and at once when the tab closes; says when in a
 * live region. Nothing is sent when the form is as last saved. Each save names the revision the
 * form is based on; once the page has changed under the editor (the server answers 409, or the
 * editing session says so) autosave stops for good and the conflict notice offers Refresh or
 * Save anyway, so neither version is overwritten without the editor choosing.
 */
export class AutosaveController extends Controller<HTMLFormElement> {
  static override targets = ['status', 'revision', 'conflict'];
  static override values = { url: String, savedText: String, failedText: String };
  declare readonly statusTarget: HTMLElement;
  declare readonly revisionTarget: HTMLInputElement;
  declare readonly conflictTarget: HTMLElement;
  declare readonly urlValue: string;
  declare readonly savedTextValue: string;
  declare readonly failedTextValue: string;
  private timer: number | undefined;
  private saved = '';
  private saving: Promise<void> | undefined;
  private submitting = false;
  private stopped = false;
  private readonly schedule = () => {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => void this.save(false), AUTOSAVE_DELAY_MS);
  };
  private readonly leave = () => {
    if (!this.submitting) void this.save(true);
  };
  private readonly pageChanged = () => this.stop();
  // The editors may mount after this controller connects (their script loads separately); what
  // they write while mounting is the form as loaded, not a change to save.
  private readonly editorsMounted = () => {
    window.clearTimeout(this.timer);
    this.saved = this.body();
  };
  private readonly submitted = (event: SubmitEvent) => {
    window.clearTimeout(this.timer);
    const inFlight = this.saving;
    if (inFlight && !this.submitting) {
      // The background save creates a revision: the explicit save must name that one, or the
      // server would take it for somebody else's change and refuse it as a conflict.
      event.preventDefault();
      this.submitting = true;
      void inFlight.finally(() => this.element.requestSubmit(event.submitter));
      return;
    }
    this.submitting = true;
  };

  override connect(): void {
    // A form sent back after a refused save is still based on the old revision.
    this.stopped = !this.conflictTarget.hidden;
    // After every DOMContentLoaded handler, so the StreamField editors have written their inputs.
    window.setTimeout(() => (this.saved = this.body()), 0);
    for (const type of ['input', 'change', 'streamfield:change']) this.element.addEventListener(type, this.schedule);
    this.element.addEventListener('submit', this.submitted);
    window.addEventListener('pagehide', this.leave);
    window.addEventListener(PAGE_CHANGED_EVENT, this.pageChanged);
    document.addEventListener(EDITORS_MOUNTED_EVENT, this.editorsMounted);
  }

  override disconnect(): void {
    window.clearTimeout(this.timer);
    for (const type of ['input', 'change', 'streamfield:change']) this.element.removeEventListener(type, this.schedule);
    this.element.removeEventListener('submit', this.submitted);
    window.removeEventListener('pagehide', this.leave);
    window.removeEventListener(PAGE_CHANGED_EVENT, this.pageChanged);
    document.removeEventListener(EDITORS_MOUNTED_EVENT, this.editorsMounted);
  }

  private stop(): void {
    this.stopped = true;
    window.clearTimeout(this.timer);
    this.statusTarget.textContent = '';
    this.conflictTarget.hidden = false;
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
    if (body === this.saved || this.submitting || this.stopped) return;
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
        body: `${body}&revision_id=${encodeURIComponent(this.revisionTarget.value)}`,
      });
    } catch {
      this.statusTarget.textContent = this.failedTextValue.replace('{error}', '');
      return;
    }
    const reply: unknown = await response.json().catch(() => ({}));
    if (response.status === 409) return this.stop();
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
