import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { AddWalkInAction, ChangePartyStatusAction, MovePartyAction, hostedParty, RestorePartyAction, SaveHostSettingsAction } from '../actions/host-stand';
import type { WaitlistStatus } from '../db/schema';
import { permsOf } from './access';
import { GUEST_FIELD_LABELS, guestContactFields, partySizeField, queryInteger } from '../views/guest-fields';
import { MAX_PARTY_SIZE } from '../views/waitlist-api';
import { formatWait } from '../models/waitlist/estimate';
import { queueOf, RESTORE_WINDOW_MINUTES } from '../models/waitlist/queue';
import { turnSettings } from '../models/waitlist/location-waitlist';
import { ALLOWED_TRANSITIONS, isActive } from '../models/waitlist/transitions';
import { emptyProblems, parseForm, type FormProblems } from '../forms/problems';
import { hostStandSubtitle, loadHostedLocation, localTimeFormat, parseOrReject, renderLocationChooser, requireSomeHostRight, runHostChange } from './host-stand';
import type { AdminContext } from './types';

/** How often the open host stand re-reads its queue. */
const REFRESH_MS = 15_000;

const STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  notified: 'Notified',
  seated: 'Seated',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** The admin-status style of each status. */
const STATUS_STYLES: Record<WaitlistStatus, string> = {
  waiting: 'scheduled',
  notified: 'changes',
  seated: 'live',
  cancelled: 'draft',
  no_show: 'expired',
};

/** The host's buttons, in the order shown, for the statuses a party may move to. */
const STATUS_BUTTONS: ReadonlyArray<{ to: WaitlistStatus; label: string; done: string }> = [
  { to: 'notified', label: 'Notify', done: '{party} has been notified.' },
  { to: 'seated', label: 'Seat', done: '{party} has been seated.' },
  { to: 'no_show', label: 'No-show', done: '{party} was marked as a no-show.' },
  { to: 'cancelled', label: 'Cancel', done: '{party} was removed from the wait list.' },
];

const statusBody = z.object({ status: z.enum(['notified', 'seated', 'no_show', 'cancelled']) });
const moveBody = z.object({ direction: z.enum(['up', 'down']) });
const planAheadId = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

const walkInSchema = z.object({
  partySize: queryInteger(GUEST_FIELD_LABELS.partySize).pipe(partySizeField(MAX_PARTY_SIZE)),
  ...guestContactFields,
});

const settingsSchema = z.object({
  wait_list_open: z
    .literal('on')
    .optional()
    .transform((value) => value === 'on'),
  max_party_size: z.coerce.number().int('Enter a whole number.').min(1, 'The largest party is at least 1.').max(MAX_PARTY_SIZE, `The largest party is at most ${MAX_PARTY_SIZE}.`),
  turn_time_minutes: z.coerce.number().int('Enter a whole number.').min(5, 'A table turns in at least 5 minutes.').max(240, 'A table turns in at most 240 minutes.'),
  tables: z.coerce.number().int('Enter a whole number.').min(1, 'There is at least 1 table.').max(500, 'There are at most 500 tables.'),
});

type Problems = { walkIn?: FormProblems; settings?: FormProblems };

/** /wagtail/waitlist/: choose a location, then its live queue, walk-ins and wait-list settings. */
export function waitlistRouter(ctx: AdminContext): Router {
  const { db, admin } = ctx;
  const router = Router();
  router.use('/waitlist/', requireSomeHostRight);

  async function renderStand(req: Request, res: Response, problems: Problems = {}, status = 200): Promise<void> {
    const location = await loadHostedLocation(ctx, req, res);
    const [queue, settings] = await Promise.all([queueOf(db, location.rlid), turnSettings(db, location.rlid)]);
    const time = localTimeFormat(location.timeZone);
    const now = ctx.clock().getTime();
    const base = `/wagtail/waitlist/${location.rlid}/`;
    admin.render(
      req,
      res,
      'host-waitlist',
      {
        title: interpolate('Wait list: {location}', { location: `${location.city}, ${location.state}` }),
        subtitle: hostStandSubtitle(location, ctx.clock()),
        activeNav: 'waitlist',
        breadcrumbs: [{ url: '/wagtail/waitlist/', label: gettext('Wait list') }, { label: `${location.city}, ${location.state}` }],
        base,
        location,
        refreshMs: REFRESH_MS,
        updatedAt: time(new Date(now)),
        reservationsUrl: `/wagtail/reservations/${location.rlid}/`,
        parties: queue.active.map(({ entry, estimatedWaitMinutes }, index) => ({
          entry,
          name: `${entry.first_name} ${entry.last_name}`,
          isWalkIn: entry.source === 'walk_in',
          statusLabel: gettext(STATUS_LABELS[entry.status]),
          statusStyle: STATUS_STYLES[entry.status],
          joinedAt: time(entry.created_at),
          waited: formatWait(Math.max(0, Math.floor((now - entry.created_at.getTime()) / 60_000))),
          estimate: estimateLabel(estimatedWaitMinutes),
          canMoveUp: index > 0,
          canMoveDown: index < queue.active.length - 1,
          buttons: STATUS_BUTTONS.filter((button) => ALLOWED_TRANSITIONS[entry.status].includes(button.to)).map((button) => ({ value: button.to, label: gettext(button.label) })),
        })),
        recent: queue.recent.map((entry) => ({
          entry,
          name: `${entry.first_name} ${entry.last_name}`,
          statusLabel: gettext(STATUS_LABELS[entry.status]),
          statusStyle: STATUS_STYLES[entry.status],
          leftAt: time(entry.seated_at ?? entry.cancelled_at ?? entry.no_show_at),
        })),
        walkIn: problems.walkIn ?? emptyProblems({ partySize: '2' }),
        settings:
          problems.settings ??
          emptyProblems({
            wait_list_open: location.waitListReady ? 'on' : undefined,
            max_party_size: String(location.waitListMaxPartySize ?? MAX_PARTY_SIZE),
            turn_time_minutes: String(settings.turnTimeMinutes),
            tables: String(settings.tables),
          }),
      },
      status,
    );
  }

  router.get('/waitlist/', (req, res) => renderLocationChooser(ctx, req, res, 'waitlist'));
  router.get('/waitlist/:rlid/', (req, res) => renderStand(req, res));

  router.post('/waitlist/:rlid/entries/:planAheadId/status/', async (req, res) => {
    const location = await loadHostedLocation(ctx, req, res);
    const back = `/wagtail/waitlist/${location.rlid}/`;
    await runHostChange(req, res, back, async () => {
      const id = parseOrReject(planAheadId, req.params.planAheadId, "There is no such party in this location's wait list.");
      const { status } = parseOrReject(statusBody, req.body, 'Choose Notify, Seat, No-show or Cancel.');
      const { entry } = await new ChangePartyStatusAction(db, await hostedParty(db, location.rlid, id), permsOf(res), { to: status, now: ctx.clock() }).execute();
      const button = STATUS_BUTTONS.find((each) => each.to === status)!;
      const text = interpolate(button.done, { party: `${entry.first_name} ${entry.last_name}` });
      if (isActive(status)) return text;
      // A wrong button at a busy stand is easy to press: leaving the queue can be undone for a while.
      return {
        text: `${text} ${interpolate('Undo within {minutes} minutes to put them back in their place.', { minutes: String(RESTORE_WINDOW_MINUTES) })}`,
        action: { url: `${back}entries/${entry.plan_ahead_id}/restore/`, label: gettext('Undo') },
      };
    });
  });

  router.post('/waitlist/:rlid/entries/:planAheadId/restore/', async (req, res) => {
    const location = await loadHostedLocation(ctx, req, res);
    await runHostChange(req, res, `/wagtail/waitlist/${location.rlid}/`, async () => {
      const id = parseOrReject(planAheadId, req.params.planAheadId, "There is no such party in this location's wait list.");
      const { entry } = await new RestorePartyAction(db, await hostedParty(db, location.rlid, id), permsOf(res), { now: ctx.clock() }).execute();
      return interpolate('{party} is back in the queue as number {position}.', { party: `${entry.first_name} ${entry.last_name}`, position: String(entry.position) });
    });
  });

  router.post('/waitlist/:rlid/entries/:planAheadId/move/', async (req, res) => {
    const location = await loadHostedLocation(ctx, req, res);
    await runHostChange(req, res, `/wagtail/waitlist/${location.rlid}/`, async () => {
      const id = parseOrReject(planAheadId, req.params.planAheadId, "There is no such party in this location's wait list.");
      const { direction } = parseOrReject(moveBody, req.body, 'Choose Move up or Move down.');
      const { entry } = await new MovePartyAction(db, await hostedParty(db, location.rlid, id), permsOf(res), { direction }).execute();
      return interpolate('{party} is now number {position}.', { party: `${entry.first_name} ${entry.last_name}`, position: String(entry.position) });
    });
  });

  router.post('/waitlist/:rlid/walk-in/', async (req, res) => {
    const location = await loadHostedLocation(ctx, req, res);
    const form = parseForm(walkInSchema, req.body);
    if (!form.ok) return renderStand(req, res, { walkIn: form }, 400);
    await runHostChange(req, res, `/wagtail/waitlist/${location.rlid}/`, async () => {
      const { entry } = await new AddWalkInAction(db, { rlid: location.rlid, ...form.data }, permsOf(res)).execute();
      return interpolate('{party} joined the wait list as number {position}.', { party: `${entry.first_name} ${entry.last_name}`, position: String(entry.position) });
    });
  });

  router.post('/waitlist/:rlid/settings/', async (req, res) => {
    const location = await loadHostedLocation(ctx, req, res);
    const form = parseForm(settingsSchema, req.body);
    if (!form.ok) return renderStand(req, res, { settings: form }, 400);
    await runHostChange(req, res, `/wagtail/waitlist/${location.rlid}/`, async () => {
      const { wait_list_open, max_party_size, turn_time_minutes, tables } = form.data;
      await new SaveHostSettingsAction(
        db,
        { rlid: location.rlid, waitListOpen: wait_list_open, maxPartySize: max_party_size, turnTimeMinutes: turn_time_minutes, tables },
        permsOf(res),
      ).execute();
      return gettext('Wait-list settings saved.');
    });
  });

  return router;
}

function estimateLabel(minutes: number | null): string {
  if (minutes === null) return '';
  return minutes === 0 ? gettext('Now') : formatWait(minutes);
}
