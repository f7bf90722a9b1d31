import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { UnsubscribeResponse } from '../../client/lib/api-client';
import type { Db } from '../db/database';
import { unsubscribeEmail } from '../models/subscribers';
import { onlyUnder } from './route-paths';

/** What the unsubscribe route needs. */
export interface UnsubscribeRouterOptions {
  db: Db;
}

/** The message for an address the form cannot accept, as Django's EmailField words it. */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address.';
/** The message for a BroadLogId that an email's link cannot have produced. */
export const INVALID_BROAD_LOG_ID_MESSAGE = 'This unsubscribe link is not valid. Enter your email address without the link.';

// An empty BroadLogId field is the same as none: the page copies `blid` only when present.
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

const unsubscribeRequestSchema = z.object({
  Email: z.string(INVALID_EMAIL_MESSAGE).trim().max(254, INVALID_EMAIL_MESSAGE).pipe(z.email(INVALID_EMAIL_MESSAGE)),
  BroadLogId: z.preprocess(
    blankAsMissing,
    z
      .string(INVALID_BROAD_LOG_ID_MESSAGE)
      .regex(/^\d{1,32}$/, INVALID_BROAD_LOG_ID_MESSAGE)
      .optional(),
  ),
});

/**
 * POST /api/fcc/unsubscribe/: form-encoded `Email` and optional `BroadLogId`, answered with
 * `{isValid, errors}`. CSRF is checked by the app-wide middleware before this runs. Every valid
 * address gets the same answer whether or not we know it, so the form reveals no subscribers.
 */
export function unsubscribeRouter({ db }: UnsubscribeRouterOptions): RequestHandler {
  const router = Router();
  router.post(['/api/fcc/unsubscribe', '/api/fcc/unsubscribe/'], async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const parsed = unsubscribeRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const errors = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      res.status(400).json({ isValid: false, errors } satisfies UnsubscribeResponse);
      return;
    }
    await unsubscribeEmail(db, { email: parsed.data.Email, broadLogId: parsed.data.BroadLogId ?? null });
    res.json({ isValid: true, errors: [] } satisfies UnsubscribeResponse);
  });
  return onlyUnder(['/api/fcc/unsubscribe'], router);
}
