/**
 * Finds the page's `[data-streamfield]` elements and mounts an editor on each, configured by
 * the JSON of the `<script type="application/json">` inside it; and, in a page edit form, the
 * editors of the page type's own fields (`<script type="application/json" data-page-fields>`).
 */
import { mountStreamField, type StreamFieldEditor } from './mount';
import { mountPageFields } from './mount-page-fields';
import { pageFieldsConfigSchema, streamFieldConfigSchema } from './schemas';

/** Raised when a page's editor config is missing or malformed. */
export class StreamFieldConfigError extends Error {
  override name = 'StreamFieldConfigError';
}

/** Mounts every editor under `root`; returns the StreamField editors in document order. */
export function mountAll(root: ParentNode = document): StreamFieldEditor[] {
  const streams = [...root.querySelectorAll<HTMLElement>('[data-streamfield]')].map((element) => {
    const script = element.querySelector('script[type="application/json"]');
    if (!script?.textContent) throw new StreamFieldConfigError('A [data-streamfield] element needs a <script type="application/json"> config inside it.');
    const config = streamFieldConfigSchema.safeParse(JSON.parse(script.textContent));
    if (!config.success) throw new StreamFieldConfigError(`The StreamField config is malformed: ${config.error.message}`, { cause: config.error });
    script.remove();
    return mountStreamField(element, config.data);
  });
  for (const script of root.querySelectorAll<HTMLScriptElement>('script[type="application/json"][data-page-fields]')) {
    const config = pageFieldsConfigSchema.safeParse(JSON.parse(script.textContent || 'null'));
    if (!config.success) throw new StreamFieldConfigError(`The page fields config is malformed: ${config.error.message}`, { cause: config.error });
    const form = script.closest('form');
    if (!form) throw new StreamFieldConfigError('The page fields config must sit inside the page form.');
    script.remove();
    mountPageFields(form, config.data);
  }
  return streams;
}
