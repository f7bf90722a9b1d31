/**
 * The chooser modal's Upload tab: a file, title, collection and (for images) tags, posted with
 * progress to the upload address beside the chooser URL; the new item is chosen at once.
 */
import { gettext, interpolate } from '../../client/lib/i18n';
import { csrfToken } from '../csrf-token';
import { CHOOSER_KINDS, type MediaTarget } from './chooser-kinds';
import { chooserUploadUrl } from './chooser-urls';
import { button, h, nextDomId } from './dom';
import { chooserUploadResponseSchema, type ChooserAnswer, type ChooserChoice } from './schemas';
import { fillSelect } from './select-options';

/** Fields of the upload form that the server may report errors on. */
const UPLOAD_FIELDS = ['title', 'collection', 'file', 'tags'] as const;
type UploadField = (typeof UPLOAD_FIELDS)[number];

/** The Upload tab of one chooser modal. */
export interface UploadPanel {
  readonly element: HTMLElement;
  /** Offers the collections the user may add to. */
  setCollections(options: ChooserAnswer['upload_collections']): void;
  /** Empties the form for the chooser of `target` at `url`. */
  reset(target: MediaTarget, url: string): void;
  /** Cancels an upload under way. */
  abort(): void;
}

interface UploadReply {
  status: number;
  body: unknown;
}

/** Posts a multipart form with upload progress (fetch cannot report it). */
function postWithProgress(url: string, data: FormData, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<UploadReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    signal.addEventListener('abort', () => request.abort());
    request.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('X-CSRFToken', csrfToken());
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new Error(gettext('The connection failed.'))));
    request.send(data);
  });
}

/** A message from a refused upload that carries no per-field errors (413 from the size limit, 403, ...). */
function generalUploadError(reply: UploadReply): string {
  const body = reply.body as { error?: unknown; error_message?: unknown } | null;
  const message = body?.error ?? body?.error_message;
  return typeof message === 'string' ? message : interpolate('The upload failed (HTTP {status}).', { status: reply.status });
}

function labelled(id: string, text: string, control: HTMLElement, error: HTMLElement, required = false): HTMLElement {
  return h(
    'div',
    { class: 'sf-field' },
    h('label', { class: 'sf-label', for: id }, text, required ? h('span', { class: 'sf-required', 'aria-hidden': 'true' }, ' *') : null),
    control,
    error,
  );
}

/** The Upload tab; `onUploaded` gets the new item once the server has stored it. */
export function createUploadPanel(onUploaded: (choice: ChooserChoice) => void): UploadPanel {
  const uploadIds = Object.fromEntries(UPLOAD_FIELDS.map((field) => [field, nextDomId(`sf-upload-${field}`)])) as Record<UploadField, string>;
  const errorFor = (field: UploadField) => h('p', { class: 'sf-error', id: `${uploadIds[field]}-error`, 'data-upload-error': field, hidden: true });
  const errorOf: Record<UploadField, HTMLElement> = { title: errorFor('title'), collection: errorFor('collection'), file: errorFor('file'), tags: errorFor('tags') };
  // No name or required attributes: the modal sits inside the page's edit form, which must
  // neither send these fields nor be kept from submitting by them.
  const uploadTitle = h('input', { id: uploadIds.title, 'data-upload-field': 'title', class: 'sf-input', 'aria-required': 'true', maxlength: 255, autocomplete: 'off' });
  const uploadCollection = h('select', { id: uploadIds.collection, 'data-upload-field': 'collection', class: 'sf-input' });
  const uploadFile = h('input', { id: uploadIds.file, 'data-upload-field': 'file', type: 'file', class: 'sf-input', 'aria-required': 'true' });
  const uploadTags = h('input', { id: uploadIds.tags, 'data-upload-field': 'tags', class: 'sf-input', autocomplete: 'off' });
  const tagsField = labelled(uploadIds.tags, gettext('Tags'), uploadTags, errorOf.tags);
  const progress = h('progress', { class: 'sf-chooser__progress', max: 1, value: 0, 'aria-label': gettext('Upload progress'), hidden: true });
  const uploadError = h('p', { class: 'sf-error', role: 'alert', 'data-upload-error': 'general', hidden: true });
  const uploadButton = button({ class: 'sf-button', 'data-chooser-upload': true }, () => void upload(), gettext('Upload'));
  // Not a <form>: the modal sits inside the page's edit form, and forms cannot nest.
  const element = h(
    'div',
    { id: nextDomId('sf-chooser-upload-panel'), class: 'sf-chooser__panel sf-chooser__upload', role: 'tabpanel', hidden: true },
    labelled(uploadIds.file, gettext('File'), uploadFile, errorOf.file, true),
    labelled(uploadIds.title, gettext('Title'), uploadTitle, errorOf.title, true),
    labelled(uploadIds.collection, gettext('Collection'), uploadCollection, errorOf.collection),
    tagsField,
    progress,
    uploadError,
    h('div', { class: 'sf-chooser__actions' }, uploadButton),
  );
  const state = { target: 'image' as MediaTarget, url: '' };
  let aborter: AbortController | null = null;

  const showUploadErrors = (errors: Record<string, string[]>, general: string | null) => {
    for (const field of UPLOAD_FIELDS) {
      const messages = errors[field] ?? [];
      errorOf[field].textContent = messages.join(' ');
      errorOf[field].hidden = messages.length === 0;
      const control = { title: uploadTitle, collection: uploadCollection, file: uploadFile, tags: uploadTags }[field];
      if (messages.length) {
        control.setAttribute('aria-invalid', 'true');
        control.setAttribute('aria-describedby', errorOf[field].id);
      } else {
        control.removeAttribute('aria-invalid');
        control.removeAttribute('aria-describedby');
      }
    }
    const others = Object.entries(errors)
      .filter(([field]) => !(UPLOAD_FIELDS as readonly string[]).includes(field))
      .flatMap(([, messages]) => messages);
    const overall = [general, ...others].filter(Boolean).join(' ');
    uploadError.textContent = overall;
    uploadError.hidden = overall === '';
  };

  const upload = async () => {
    const file = uploadFile.files?.[0];
    const missing: Record<string, string[]> = {};
    if (!file) missing.file = [gettext('Choose a file to upload.')];
    if (!uploadTitle.value.trim()) missing.title = [gettext('A title is required.')];
    if (Object.keys(missing).length) return showUploadErrors(missing, null);
    showUploadErrors({}, null);
    const data = new FormData();
    data.append('title', uploadTitle.value.trim());
    data.append('collection', uploadCollection.value);
    if (CHOOSER_KINDS[state.target].hasTags) data.append('tags', uploadTags.value);
    data.append('file', file!);
    progress.hidden = false;
    progress.value = 0;
    uploadButton.disabled = true;
    const controller = new AbortController();
    aborter = controller;
    try {
      const reply = await postWithProgress(chooserUploadUrl(state.url), data, controller.signal, (fraction) => {
        progress.value = fraction;
      });
      const parsed = chooserUploadResponseSchema.safeParse(reply.body);
      if (reply.status === 201 && parsed.success && 'result' in parsed.data) {
        onUploaded(parsed.data.result);
        return;
      }
      if (parsed.success && 'errors' in parsed.data) showUploadErrors(parsed.data.errors, null);
      else showUploadErrors({}, generalUploadError(reply));
    } catch (error) {
      if (!controller.signal.aborted) showUploadErrors({}, error instanceof Error ? error.message : String(error));
    } finally {
      progress.hidden = true;
      uploadButton.disabled = false;
    }
  };

  uploadFile.addEventListener('change', () => {
    // As Wagtail: the title starts as the file's name without its extension.
    const name = uploadFile.files?.[0]?.name;
    if (name && !uploadTitle.value.trim()) uploadTitle.value = name.replace(/\.[^.]+$/, '');
  });
  // Enter in a field would submit the page's edit form around the modal.
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    void upload();
  });

  return {
    element,
    setCollections: (options) => fillSelect(uploadCollection, options, null),
    reset(target, url) {
      state.target = target;
      state.url = url;
      uploadTitle.value = '';
      uploadTags.value = '';
      uploadFile.value = '';
      uploadFile.accept = CHOOSER_KINDS[target].accept;
      tagsField.hidden = !CHOOSER_KINDS[target].hasTags;
      showUploadErrors({}, null);
    },
    abort: () => aborter?.abort(),
  };
}
