import { Router, type RequestHandler } from 'express';
import { gettext } from '../../client/lib/i18n';
import type { WaitlistStatusProps } from '../../client/templates/WaitlistStatus';
import type { Db } from '../db/database';
import { locationAddress } from '../models/locations';
import { getSiteSettings } from '../models/site-settings';
import { findEntry, stateOf } from '../models/waitlist/queue';
import type { PageResponder } from './page-response';
import { resolveRequestSite } from './site-request';
import { entryResponse } from './waitlist-api';
import { onlyUnder } from './route-paths';

const PLAN_AHEAD_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * `/waitlist/{plan_ahead_id}/`: the page a guest keeps to follow their place in line. Only
 * the unguessable id leads here, so it shows that one party and nothing of anyone else.
 * Mounted after the trailing-slash redirect.
 */
export function waitlistStatusPageRouter({ db, limitLookups }: { db: Db; limitLookups: RequestHandler }, responder: PageResponder): RequestHandler {
  const router = Router();
  router.get('/waitlist/:planAheadId/', limitLookups, async (req, res) => {
    const site = await resolveRequestSite(db, req);
    const id = String(req.params.planAheadId);
    const entry = PLAN_AHEAD_ID.test(id) ? await findEntry(db, id) : undefined;
    if (!entry) return responder.notFound(req, res, site);
    const location = await locationAddress(db, entry.rlid);
    const settings = site ? await getSiteSettings(db, site.site.id, req.log) : undefined;
    const props: WaitlistStatusProps = {
      entry: entryResponse(await stateOf(db, entry)),
      restaurant: {
        name: `${settings?.brandName ?? ''} ${location.city}`.trim(),
        address: `${location.address1}, ${location.city}, ${location.state} ${location.zip}`,
        phone: location.phone,
      },
    };
    res.set('Cache-Control', 'private, no-store');
    await responder.send(req, res, site, { template: 'wait list status', props: { ...props }, head: { title: gettext('Your place in line'), robots: 'noindex' } });
  });
  return onlyUnder(['/waitlist/'], router);
}
