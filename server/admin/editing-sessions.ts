import { Router } from 'express';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../errors';
import { otherEditors, pingEditingSession, releaseEditingSession } from '../models/editing-sessions';
import { getPage } from '../models/pages';
import { permsOf } from './access';
import type { AdminContext } from './types';
import { databaseId } from '../db/database-id';
import { PagePermissionTester } from '../models/permission-policies';

const sessionKey = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);
const pingBody = z.object({ revision_id: z.coerce.number().int().nonnegative().nullable().default(null) });

/**
 * Editing sessions: the edit form pings while open and releases when left, so editors learn
 * that somebody else has the page open or has saved a newer revision since they opened it.
 */
export function editingSessionsRouter({ db }: AdminContext): Router {
  const router = Router();

  router.post('/editing-sessions/ping/pages/:pageId/:sessionKey/', async (req, res) => {
    const key = sessionKey.safeParse(req.params.sessionKey);
    const id = databaseId.safeParse(req.params.pageId);
    const body = pingBody.safeParse(req.body ?? {});
    if (!key.success || !body.success) throw new ValidationError('Malformed editing session ping.');
    const page = id.success ? await getPage(db, id.data) : undefined;
    if (!page) throw new NotFoundError('There is no page with this id.');
    const perms = permsOf(res);
    await pingEditingSession(db, { key: key.data, userId: perms.user.id, pageId: page.id });
    const others = await otherEditors(db, page.id, perms.user.id);
    res.set('Cache-Control', 'no-store').json({
      other_sessions: others.map((other) => ({ user: other.username, last_seen_at: other.lastSeenAt.toISOString() })),
      latest_revision_id: page.latest_revision_id,
      page_changed: body.data.revision_id !== null && page.latest_revision_id !== body.data.revision_id,
      locked_by_other: new PagePermissionTester(perms, page).isLockedAgainst(),
    });
  });

  router.post('/editing-sessions/release/:sessionKey/', async (req, res) => {
    const key = sessionKey.safeParse(req.params.sessionKey);
    if (!key.success) throw new ValidationError('Malformed editing session key.');
    await releaseEditingSession(db, key.data, permsOf(res).user.id);
    res.status(204).end();
  });

  return router;
}
