/**
 * Finds the page's `[data-streamfield]` elements and mounts an editor on each, configured by
 * the JSON of the `<script type="application/json">` inside it.
 */
import { mountStreamField, type StreamFieldEditor } from './mount';
import { streamFieldConfigSchema } from './schemas';

/** Raised when a page's editor config is missing or malformed. */
export class StreamFieldConfigError extends Error {
  override name = 'StreamFieldConfigError';
}

/** Mounts every editor under `root`; returns them in document order. */
export function mountAll(root: ParentNode = document): StreamFieldEditor[] {
  return [...root.querySelectorAll<HTMLElement>('[data-streamfield]')].map((element) => {
    const script = element.querySelector('script[type="application/json"]');
    if (!script?.textContent) throw new StreamFieldConfigError('A [data-streamfield] element needs a <script type="application/json"> config inside it.');
    const config = streamFieldConfigSchema.safeParse(JSON.parse(script.textContent));
    if (!config.success) throw new StreamFieldConfigError(`The StreamField config is malformed: ${config.error.message}`, { cause: config.error });
    script.remove();
    return mountStreamField(element, config.data);
  });
}
