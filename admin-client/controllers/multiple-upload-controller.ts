import { Controller } from '@hotwired/stimulus';
import { gettext, interpolate } from '../../client/lib/i18n';

/** Uploads in flight at once: enough to keep the line busy without starving the editor's other requests. */
const PARALLEL_UPLOADS = 2;

/** What the upload, update and delete endpoints answer (see the multiple upload contract in the notes). */
interface UploadAnswer {
  success?: boolean;
  form?: string;
  error_message?: string;
  error?: string;
}

/** One chosen file and the row that shows how it is doing. */
interface Upload {
  file: File;
  row: HTMLElement;
}

function part(row: HTMLElement, name: 'name' | 'progress' | 'status' | 'form'): HTMLElement {
  const element = row.querySelector<HTMLElement>(`[data-upload="${name}"]`);
  if (!element) throw new Error(`The multiple upload row template has no [data-upload="${name}"]`);
  return element;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / 1_000_000) * 10) / 10} MB`;
}

/** Whether a file matches an `accept` attribute: extensions (.pdf), exact types, or type/* wildcards. */
export function acceptsFile(accept: string, file: Pick<File, 'name' | 'type'>): boolean {
  const tokens = accept
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

function answerOf(text: string): UploadAnswer {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

function failureMessage(answer: UploadAnswer, status: number): string {
  const message = answer.error_message ?? answer.error;
  if (message) return message;
  return status === 0 ? gettext('Sorry, upload failed. Check your connection and try again.') : gettext('Sorry, upload failed.');
}

/**
 * Wagtail's multiple upload: files dropped on the zone or chosen upload one per request, two at
 * a time, each with its own progress bar; a refused file shows why without holding up the
 * others; an uploaded file's edit form appears under it and saves or deletes in place.
 */
export class MultipleUploadController extends Controller<HTMLElement> {
  static override targets = ['zone', 'input', 'collection', 'list', 'row', 'heading', 'limits'];
  static override values = { url: String, accept: String, maxBytes: Number };
  declare readonly zoneTarget: HTMLElement;
  declare readonly inputTarget: HTMLInputElement;
  declare readonly hasCollectionTarget: boolean;
  declare readonly collectionTarget: HTMLSelectElement;
  declare readonly listTarget: HTMLUListElement;
  declare readonly rowTarget: HTMLTemplateElement;
  declare readonly headingTarget: HTMLElement;
  declare readonly limitsTarget: HTMLElement;
  declare readonly urlValue: string;
  declare readonly acceptValue: string;
  declare readonly maxBytesValue: number;

  private readonly waiting: Upload[] = [];
  private running = 0;

  override connect(): void {
    if (this.maxBytesValue > 0) this.limitsTarget.textContent = interpolate('Maximum filesize: {size}.', { size: megabytes(this.maxBytesValue) });
  }

  /** Files dropped beside the zone would otherwise replace the admin page with the file. */
  ignoreOutside(event: DragEvent): void {
    if (!this.zoneTarget.contains(event.target as Node)) event.preventDefault();
  }

  dragOver(event: DragEvent): void {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    this.zoneTarget.classList.add('admin-drop-zone--active');
  }

  dragLeave(event: DragEvent): void {
    if (!this.zoneTarget.contains(event.relatedTarget as Node | null)) this.zoneTarget.classList.remove('admin-drop-zone--active');
  }

  drop(event: DragEvent): void {
    event.preventDefault();
    this.zoneTarget.classList.remove('admin-drop-zone--active');
    this.add(Array.from(event.dataTransfer?.files ?? []));
  }

  choose(): void {
    this.add(Array.from(this.inputTarget.files ?? []));
    // Choosing the same file again must fire change again.
    this.inputTarget.value = '';
  }

  /** The drop zone's form is never sent whole: each file goes on its own. */
  keepPage(event: SubmitEvent): void {
    event.preventDefault();
  }

  /** Saves (or, with the Delete button, deletes) an uploaded item's edit form in place. */
  async submitForm(event: SubmitEvent): Promise<void> {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const row = form.closest<HTMLElement>('.admin-upload');
    if (!row) return;
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : undefined;
    const url = submitter?.hasAttribute('formaction') ? submitter.formAction : form.action;
    const deleting = submitter?.hasAttribute('formaction') ?? false;
    const buttons = Array.from(form.querySelectorAll<HTMLButtonElement>('button'));
    buttons.forEach((button) => (button.disabled = true));
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'X-CSRFToken': this.csrfToken(), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Array.from(new FormData(form), ([name, value]) => [name, typeof value === 'string' ? value : value.name])),
        credentials: 'same-origin',
      });
      const answer = answerOf(await response.text());
      if (deleting && response.ok && answer.success) {
        row.remove();
        return;
      }
      if (answer.form) part(row, 'form').innerHTML = answer.form;
      if (response.ok && answer.success) this.showStatus(row, gettext('Updated'), 'success');
      else this.showStatus(row, answer.error_message ?? answer.error ?? gettext('The changes could not be saved due to errors.'), 'failed');
    } catch {
      this.showStatus(row, gettext('Sorry, the changes could not be sent. Check your connection and try again.'), 'failed');
    } finally {
      buttons.forEach((button) => (button.disabled = false));
    }
  }

  private add(files: File[]): void {
    if (files.length === 0) return;
    this.headingTarget.hidden = false;
    for (const file of files) {
      const row = this.newRow(file);
      const refusal = this.refusal(file);
      if (refusal) {
        part(row, 'progress').hidden = true;
        this.showStatus(row, refusal, 'failed');
      } else {
        this.showStatus(row, gettext('Waiting…'), 'waiting');
        this.waiting.push({ file, row });
      }
    }
    this.startNext();
  }

  private newRow(file: File): HTMLElement {
    const row = this.rowTarget.content.firstElementChild!.cloneNode(true) as HTMLElement;
    part(row, 'name').textContent = file.name;
    part(row, 'progress').setAttribute('aria-label', interpolate('Upload progress of {name}', { name: file.name }));
    this.listTarget.prepend(row);
    return row;
  }

  /** Why a file is refused before sending it, as Wagtail's client-side validation does. */
  private refusal(file: File): string | undefined {
    if (this.maxBytesValue > 0 && file.size > this.maxBytesValue) {
      return interpolate('This file is too big. Maximum filesize {size}.', { size: megabytes(this.maxBytesValue) });
    }
    if (!acceptsFile(this.acceptValue, file)) {
      return interpolate('Not a supported file format. Supported formats: {formats}.', { formats: this.acceptValue });
    }
    return undefined;
  }

  private startNext(): void {
    while (this.running < PARALLEL_UPLOADS && this.waiting.length > 0) {
      const upload = this.waiting.shift()!;
      this.running += 1;
      void this.send(upload).finally(() => {
        this.running -= 1;
        this.startNext();
      });
    }
  }

  private send({ file, row }: Upload): Promise<void> {
    const progress = part(row, 'progress') as HTMLProgressElement;
    const body = new FormData();
    body.append('files[]', file, file.name);
    if (this.hasCollectionTarget) body.append('collection', this.collectionTarget.value);
    this.showStatus(row, gettext('Uploading…'), 'uploading');
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open('POST', this.urlValue);
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('X-CSRFToken', this.csrfToken());
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
      });
      request.addEventListener('load', () => {
        const answer = answerOf(request.responseText);
        if (request.status >= 200 && request.status < 300 && answer.success) {
          progress.value = 100;
          this.showStatus(row, gettext('Uploaded'), 'success');
          if (answer.form) part(row, 'form').innerHTML = answer.form;
        } else {
          this.showStatus(row, failureMessage(answer, request.status), 'failed');
        }
      });
      request.addEventListener('error', () => this.showStatus(row, failureMessage({}, 0), 'failed'));
      request.addEventListener('loadend', () => resolve());
      request.send(body);
    });
  }

  private showStatus(row: HTMLElement, text: string, state: 'waiting' | 'uploading' | 'success' | 'failed'): void {
    part(row, 'status').textContent = text;
    row.dataset.state = state;
  }

  private csrfToken(): string {
    return this.element.querySelector<HTMLInputElement>('input[name="csrfmiddlewaretoken"]')?.value ?? '';
  }
}
