import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { rootCollection } from '../models/collections';
import { saveGroup } from '../models/groups';
import { OBJECT_PERMISSIONS, SNIPPET_MODELS } from '../models/object-permissions';
import { saveTask, saveWorkflow } from '../models/workflows';

/**
 * The groups and moderation workflow a fresh Wagtail site starts with: Editors write pages and
 * submit them, and add and choose media in the root collection; Moderators review them in
 * "Moderators approval", assigned to the home page, may publish directly, and manage all media,
 * redirects and snippets. Sites, site settings and managing collections stay with superusers, as
 * Wagtail's default groups have no collection management permission.
 */
export async function seedDemoWorkflows(db: Db, home: Page): Promise<void> {
  const root = await rootCollection(db);
  const noHostStand = { hostGrant: { scope: 'none' } as const };
  await saveGroup(db, undefined, {
    name: 'Editors',
    canAccessAdmin: true,
    pageGrants: [{ pageId: home.id, permissions: ['add', 'change', 'lock'] }],
    collectionGrants: [{ collectionId: root.id, permissions: ['add', 'choose'] }],
    objectGrants: [],
    ...noHostStand,
  });
  const moderators = await saveGroup(db, undefined, {
    name: 'Moderators',
    canAccessAdmin: true,
    pageGrants: [{ pageId: home.id, permissions: ['add', 'change', 'publish', 'lock', 'unlock'] }],
    collectionGrants: [{ collectionId: root.id, permissions: ['add', 'change', 'choose', 'delete'] }],
    objectGrants: (['redirect', ...SNIPPET_MODELS] as const).map((model) => ({ model, permissions: [...OBJECT_PERMISSIONS] })),
    ...noHostStand,
  });
  const task = await saveTask(db, undefined, { name: 'Moderators approval', groupIds: [moderators.id] });
  await saveWorkflow(db, undefined, { name: 'Moderators approval', taskIds: [task.id], pageIds: [home.id] });
}
