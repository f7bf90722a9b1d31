import type { Db } from '../db/database';
import { writeLogEntry } from '../models/admin-log';
import type { SnippetFields, SnippetModel } from '../models/snippets/registry';
import { insertSnippetRevision } from '../models/snippets/revisions';
import { insertSnippet } from '../models/snippets/store';
import type { DemoRefs } from './demo-types';

const block = (id: string, type: string, value: Record<string, unknown>) => ({ id, type, value });

/** What the demo pages refer to among the seeded snippets. */
export interface DemoSnippets {
  tieredNavigationId: number;
  toolboxSnippetId: number;
}

async function addSnippet<M extends SnippetModel>(db: Db, model: M, fields: SnippetFields<M>): Promise<number> {
  const object = await insertSnippet(db, model, fields);
  const revision = await insertSnippetRevision(db, model, object.id, object.fields, null, new Date());
  await writeLogEntry(db, { action: 'snippet.create', userId: null, objectType: model, objectId: object.id, label: object.title, data: { revision_id: revision.id } });
  return object.id;
}

/**
 * The demo's snippets: the countries of the demo restaurants (the directory names them), the
 * site map's tiered navigation, and the FAQ's toolbox snippet of reusable copy.
 */
export async function seedDemoSnippets(db: Db, refs: DemoRefs): Promise<DemoSnippets> {
  await addSnippet(db, 'country', { code: 'US', printable_name: 'United States', root_url: 'https://www.redharbor.example/' });
  await addSnippet(db, 'country', { code: 'CA', printable_name: 'Canada', root_url: 'https://www.redharbor.example/ca/' });
  const tieredNavigationId = await addSnippet(db, 'tiered_navigation', { name: 'Site map sections', heading: 'Explore by section', root_page_id: null });
  const toolboxSnippetId = await addSnippet(db, 'toolbox_snippet', {
    title: 'Allergy notice',
    body: [
      block('toolbox-allergy-text', 'rich_text', {
        alignment: 'left',
        html: '<p>Our kitchens handle fish, shellfish, wheat, milk, eggs, soy and tree nuts. Please tell your server about any allergy before you order.</p>',
      }),
      block('toolbox-allergy-image', 'image', { image: refs.images['harbor-hero'], title: '', container_width: 'full' }),
    ],
  });
  return { tieredNavigationId, toolboxSnippetId };
}
