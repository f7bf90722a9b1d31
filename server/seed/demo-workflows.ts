import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { saveGroup } from '../models/groups';
import { saveTask, saveWorkflow } from '../models/workflows';

/**
 * The groups and moderation workflow a fresh Wagtail site starts with: Editors write pages and
 * submit them; Moderators review them in "Moderators approval", assigned to the home page, and
 * may publish directly.
 */
export async function seedDemoWorkflows(db: Db, home: Page): Promise<void> {
  const noCollections = { collectionGrants: [], hostGrant: { scope: 'none' } as const };
  await saveGroup(db, undefined, { name: 'Editors', canAccessAdmin: true, pageGrants: [{ pageId: home.id, permissions: ['add', 'change', 'lock'] }], ...noCollections });
  const moderators = await saveGroup(db, undefined, {
    name: 'Moderators',
    canAccessAdmin: true,
    pageGrants: [{ pageId: home.id, permissions: ['add', 'change', 'publish', 'lock', 'unlock'] }],
    ...noCollections,
  });
  const task = await saveTask(db, undefined, { name: 'Moderators approval', groupIds: [moderators.id] });
  await saveWorkflow(db, undefined, { name: 'Moderators approval', taskIds: [task.id], pageIds: [home.id] });
}
