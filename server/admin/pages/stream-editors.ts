/**
 * The StreamField editor configs of a page form: one per stream field, on what the form holds
 * (the saved value, or what was just submitted) with its problems and its references' titles.
 */
import type { StreamErrors } from '../../../admin-client/streamfield/schemas';
import type { Db } from '../../db/database';
import type { MediaStorage } from '../../media-storage';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { serializeForScript } from '../../render';
import { referenceTitles } from '../chooser-data';
import type { FormProblems } from '../forms';
import { streamFieldConfig } from '../streamfield-config';
import { CONTENT_PREFIX, streamBlocksOf } from './page-form';

function parsedStream(raw: unknown) {
  if (typeof raw !== 'string') return streamBlocksOf(raw);
  try {
    return streamBlocksOf(JSON.parse(raw));
  } catch {
    return [];
  }
}

/** The JSON config (safe inside a script element) of each stream field, keyed by form name. */
export async function streamEditorConfigs(
  db: Db,
  storage: MediaStorage,
  pageType: PageTypeDefinition,
  problems: FormProblems & { streamErrors?: Record<string, StreamErrors> },
): Promise<Map<string, string>> {
  const streams = pageType.adminFields.filter((field) => field.kind === 'stream').map((field) => CONTENT_PREFIX + field.name);
  const values = streams.map((name) => parsedStream(problems.values[name]));
  const titles = await referenceTitles(db, storage, values);
  return new Map(
    streams.map((name, index) => [name, serializeForScript(streamFieldConfig({ name, value: values[index]!, referenceTitles: titles, errors: problems.streamErrors?.[name] ?? {} }))]),
  );
}
