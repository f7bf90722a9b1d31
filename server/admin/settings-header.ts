/**
 * The header navigation's editor in the site settings form: the field tree the StreamField
 * editor's field editors draw (sections of links, each link with a row of sublinks), and the
 * reading of what it posts back, checked by the one header schema the site renders with.
 */
import { z } from 'zod';
import type { FieldError, FieldNode } from '../../admin-client/streamfield/schemas';
import type { HeaderContent } from '../../client/lib/page-data';
import { headerContentSchema } from '../models/chrome-content';
import { gettext } from '../../client/lib/i18n';
import { serializeFields } from './block-definitions';
import { issueMessage } from './stream-validation';

const URL_HELP = 'A path such as /menu/, or an http(s), mailto or tel address.';

const linkFields = {
  display_name: z.string().meta({ label: 'Label' }),
  url: z.string().nullable().meta({ label: 'URL', help_text: URL_HELP }),
  link_type: z.enum(['internal', 'external']).meta({
    label: 'Opens',
    choices: [
      ['internal', 'In the same tab'],
      ['external', 'In a new tab'],
    ],
  }),
  link_style: z.enum(['default', 'button', 'highlight']).meta({
    label: 'Style',
    choices: [
      ['default', 'Plain link'],
      ['button', 'Button'],
      ['highlight', 'Highlighted'],
    ],
  }),
};

// The site shows one level of submenu, so the editor offers one: the schema it saves through
// (headerContentSchema) allows deeper links, which this form keeps as they are.
const headerEditorSchema = z.object({
  header: z
    .object({
      sections: z
        .array(
          z.object({
            role: z.enum(['primary', 'secondary', 'social']).meta({
              label: 'Role',
              help_text: 'Only the primary section shows in the desktop navigation bar; the menu on phones shows every section.',
              choices: [
                ['primary', 'Primary'],
                ['secondary', 'Secondary'],
                ['social', 'Social media'],
              ],
            }),
            title: z.string().default('').meta({ label: 'Title' }),
            links: z.array(z.object({ ...linkFields, children: z.array(z.object(linkFields)).meta({ label: 'Submenu' }) })).meta({ label: 'Links' }),
          }),
        )
        .max(10)
        .meta({ label: 'Sections' }),
      map_page_url: z.string().nullable().meta({ label: 'Map page URL', help_text: 'Where the header’s map link goes; none when empty.' }),
    })
    .meta({ label: 'Header navigation' }),
});

let editorNode: FieldNode | undefined;

/** The header navigation as the field editors draw it, worked out once. */
export function headerEditorNode(): FieldNode {
  editorNode ??= serializeFields(headerEditorSchema, 'Site settings')[0]!;
  return editorNode;
}

/** What the editor starts from: the stored navigation, or none yet. */
export function headerEditorValue(header: HeaderContent | null): HeaderContent {
  return header ?? { sections: [], map_page_url: null };
}

/** The posted header navigation: valid content (null when it holds nothing), or what was typed with its problems by path. */
export type HeaderFieldResult = { ok: true; header: HeaderContent | null } | { ok: false; typed: unknown; errors: FieldError[] };

/** Reads the header navigation the form posted (JSON written by the editor). */
export function readHeaderField(raw: unknown): HeaderFieldResult {
  let typed: unknown;
  try {
    typed = JSON.parse(typeof raw === 'string' ? raw : '');
  } catch {
    return {
      ok: false,
      typed: headerEditorValue(null),
      errors: [{ path: [], message: gettext('The header navigation was not sent in a form the editor can read; reload the page and try again.') }],
    };
  }
  const parsed = headerContentSchema.safeParse(typed);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ path: issue.path.filter((step): step is string | number => typeof step !== 'symbol'), message: gettext(issueMessage(issue)) }));
    return { ok: false, typed, errors };
  }
  const empty = parsed.data.sections.length === 0 && parsed.data.map_page_url === null;
  return { ok: true, header: empty ? null : parsed.data };
}
