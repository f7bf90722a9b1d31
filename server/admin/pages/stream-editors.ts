/**
 * The editors of a page form: one StreamField editor config per stream field, and one config
 * for the type's other fields (choosers, rich text, dates, lists, structs), each on what the
 * form holds (the saved value, or what was just submitted) with its problems and the titles
 * of what it refers to.
 */
import type { FieldError, FieldNode, PageFieldsConfig, StreamErrors } from '../../../admin-client/streamfield/schemas';
import { CHOOSER_TARGETS, type ChooserTarget } from '../../../admin-client/streamfield/schemas';
import type { Db } from '../../db/database';
import type { MediaStorage } from '../../media-storage';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { serializeForScript } from '../../render';
import { pageTypeFields, serializeBlockDefinitions } from '../block-definitions';
import { titlesOfReferences } from '../chooser-data';
import type { FormProblems } from '../../forms/problems';
import { referencesInContent } from '../media-usage';
import { STREAMFIELD_CHOOSER_URLS, streamFieldConfig } from '../streamfield-config';
import { CONTENT_PREFIX, formContent, streamBlocksOf } from './page-form';

/** What the form shows of a page's problems, by form name. */
type EditorProblems = FormProblems & { streamErrors?: Record<string, StreamErrors>; fieldErrors?: Record<string, FieldError[]> };

/** One field of the type as the template draws it: a StreamField, or a place its editor fills. */
export interface ContentField {
  name: string;
  label: string;
  help_text?: string | undefined;
  value: unknown;
  errors: string[] | undefined;
  isStream: boolean;
  /** The StreamField editor's config (safe inside a script element); streams only. */
  editorConfig?: string;
}

/** The fields of the form and the config of the non-stream fields' editors (null when there are none). */
export interface PageEditors {
  contentFields: ContentField[];
  pageFieldsConfig: string | null;
}

function holdsStream(node: FieldNode): boolean {
  if (node.kind === 'stream') return true;
  if (node.kind === 'struct') return node.children.some(holdsStream);
  return node.kind === 'list' && holdsStream(node.item);
}

/** The editors of the page form for `problems.values` (pageFormValues, or a refused POST). */
export async function pageEditors(db: Db, storage: MediaStorage, pageType: PageTypeDefinition, problems: EditorProblems): Promise<PageEditors> {
  const nodes = pageTypeFields(pageType);
  const content = formContent(pageType, problems.values);
  const found = referencesInContent(pageType.name, content);
  const titles = await titlesOfReferences(db, storage, Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, found[target]])) as Record<ChooserTarget, number[]>);
  const others = nodes.filter((node) => node.kind !== 'stream');
  const config: PageFieldsConfig = {
    fields: others.map((node) => ({ name: CONTENT_PREFIX + node.name, node, value: content[node.name], errors: problems.fieldErrors?.[CONTENT_PREFIX + node.name] ?? [] })),
    definitions: others.some(holdsStream) ? serializeBlockDefinitions() : [],
    choosers: STREAMFIELD_CHOOSER_URLS,
    reference_titles: titles,
  };
  const contentFields = nodes.map((node): ContentField => {
    const name = CONTENT_PREFIX + node.name;
    const field = { name, label: node.label, help_text: node.help_text, value: problems.values[name], errors: problems.errors[name], isStream: node.kind === 'stream' };
    if (node.kind !== 'stream') return field;
    const value = streamBlocksOf(content[node.name]);
    return { ...field, editorConfig: serializeForScript(streamFieldConfig({ name, value, referenceTitles: titles, errors: problems.streamErrors?.[name] ?? {} })) };
  });
  return { contentFields, pageFieldsConfig: others.length > 0 ? serializeForScript(config) : null };
}
