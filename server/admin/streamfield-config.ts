/**
 * The config an admin page embeds to mount a StreamField editor (admin-client/streamfield):
 * the block definitions, serialized once, with the field's name, value and chooser URLs.
 */
import type { ChooserTarget, StreamErrors, StreamFieldConfig, StreamValue } from '../../admin-client/streamfield/schemas';
import { serializeBlockDefinitions } from './block-definitions';
import { PAGE_CHOOSER_URL } from './page-chooser';

/**
 * Where the editor's choosers load their choices, as the admin serves them: media `?q=` added,
 * pages browsed and searched below the page chooser's address.
 */
export const STREAMFIELD_CHOOSER_URLS: Record<ChooserTarget, string> = {
  image: '/wagtail/images/chooser/',
  document: '/wagtail/documents/chooser/',
  page: PAGE_CHOOSER_URL,
  video: '/wagtail/videos/chooser/',
  toolbox_snippet: '/wagtail/snippets/choose/snippets/toolboxsnippet/',
  country: '/wagtail/snippets/choose/snippets/country/',
  tiered_navigation: '/wagtail/snippets/choose/snippets/tierednavigation/',
};

/** What a page passes for one StreamField. */
export interface StreamFieldConfigOptions {
  name: string;
  value: StreamValue;
  choosers?: Partial<Record<ChooserTarget, string>>;
  /** Titles of the references in the value, keyed `target:id`, so choosers show names not ids. */
  referenceTitles?: Record<string, string>;
  /** Problems of the submitted value (validateStream), shown beside their fields. */
  errors?: StreamErrors;
  catalog?: Record<string, string>;
}

let definitions: StreamFieldConfig['definitions'] | undefined;

/** The editor config for one StreamField; the definitions are serialized on first use only. */
export function streamFieldConfig(options: StreamFieldConfigOptions): StreamFieldConfig {
  definitions ??= serializeBlockDefinitions();
  return {
    name: options.name,
    definitions,
    value: options.value,
    choosers: options.choosers ?? STREAMFIELD_CHOOSER_URLS,
    reference_titles: options.referenceTitles ?? {},
    errors: options.errors ?? {},
    ...(options.catalog ? { catalog: options.catalog } : {}),
  };
}
