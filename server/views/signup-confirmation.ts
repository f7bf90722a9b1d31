import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { confirmationTitle, type EmailSignupConfirmationProps } from '../../client/templates/EmailSignupConfirmation';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { SIGNUP_CONFIRMATION_PATH } from '../mail/signup-confirmation-mail';
import { confirmSignup, readSignupConfirmationToken } from '../models/signup-confirmations';
import type { PageResponder } from './page-response';
import { resolveRequestSite } from './site-request';
import { onlyUnder } from './route-paths';

const tokenSchema = z.string().max(100);

/**
 * The link of a signup confirmation mail (double opt-in): subscribes the waiting signup and
 * says so; a second visit says it is already confirmed, and a forged or expired token gets a
 * 400 page saying to sign up again. Mounted after the trailing-slash redirect.
 */
export function signupConfirmationRouter({ db, config, clock }: { db: Db; config: Pick<Config, 'SECRET_KEY'>; clock: Clock }, responder: PageResponder): RequestHandler {
  const router = Router();
  router.get(`${SIGNUP_CONFIRMATION_PATH}:token/`, async (req, res) => {
    const now = clock();
    const token = tokenSchema.safeParse(req.params.token);
    const id = token.success ? readSignupConfirmationToken(config.SECRET_KEY, token.data, now) : null;
    const status = id === null ? 'invalid' : await confirmSignup(db, id, now);
    const props: EmailSignupConfirmationProps = { status };
    res.set('Cache-Control', 'private, no-store');
    await responder.send(req, res, await resolveRequestSite(db, req), {
      template: 'email signup confirmation',
      props: { ...props },
      head: { title: confirmationTitle(status), robots: 'noindex' },
      status: status === 'invalid' ? 400 : 200,
    });
  });
  return onlyUnder([SIGNUP_CONFIRMATION_PATH], router);
}
