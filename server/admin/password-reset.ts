import { Router, type Request } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { ResetPasswordAction } from '../actions/own-account';
import { withTransaction } from '../db/transaction';
import { queueEmail } from '../models/outbox';
import { checkResetToken, decodeUid, encodeUid, makeResetToken, mayMailPasswordReset, usersForReset } from '../models/password-reset';
import { passwordOwnerOf } from '../models/password-validation';
import { hashClientAddress } from '../rate-limit';
import { loadUserPermissions } from '../models/permissions';
import { getUser } from '../models/users';
import { newPasswordPairForm } from './accounts';
import { parseForm } from '../forms/problems';
import { mailOrigin } from './mail-origin';
import type { AdminContext } from './types';

const requestForm = z.object({ email: z.string().trim().max(254).pipe(z.email('Enter a valid email address.')) });

/** Password reset: request, done, confirm/{uidb64}/{token}/ (single use, expiring) and complete. */
export function passwordResetRouter({ db, config, admin, clock }: AdminContext): Router {
  const router = Router();

  router.get('/password_reset/', (req, res) => {
    admin.render(req, res, 'password-reset', { title: gettext('Reset your password'), form: { values: {}, errors: {}, formErrors: [] } });
  });

  router.post('/password_reset/', async (req, res) => {
    const form = parseForm(requestForm, req.body);
    if (!form.ok) return admin.render(req, res, 'password-reset', { title: gettext('Reset your password'), form }, 400);
    // Past a limit the answer stays the same and no mail goes out, so neither the limit nor an
    // account is revealed, and nobody's inbox can be flooded.
    const allowed = await mayMailPasswordReset(
      db,
      { email: form.data.email, clientKey: hashClientAddress(config.SECRET_KEY, req), secret: config.SECRET_KEY, requestsPerClient: config.PASSWORD_RESETS_PER_IP },
      clock(),
    );
    const origin = await mailOrigin(req, db);
    const users = allowed ? await usersForReset(db, form.data.email) : [];
    await withTransaction(db, async (trx) => {
      for (const user of users) {
        const link = `${origin}/wagtail/password_reset/confirm/${encodeUid(user.id)}/${makeResetToken(user, config.SECRET_KEY)}/`;
        await queueEmail(trx, {
          to: user.email,
          subject: gettext('Password reset'),
          text: [
            interpolate('Someone asked to reset the password of the account {username}.', { username: user.username }),
            '',
            gettext('To choose a new password, open this link within three days:'),
            link,
            '',
            gettext('If it was not you, ignore this email; your password stays as it is.'),
          ].join('\n'),
        });
      }
    });
    // The same answer whether or not the address belongs to an account.
    res.redirect(303, '/wagtail/password_reset/done/');
  });

  router.get('/password_reset/done/', (req, res) => {
    admin.render(req, res, 'password-reset-message', {
      title: gettext('Check your email'),
      message: gettext('If an account has this email address, we have sent it a link to choose a new password.'),
    });
  });

  async function validTarget(req: Request) {
    const uid = decodeUid(String(req.params.uidb64));
    const user = uid === undefined ? undefined : await getUser(db, uid);
    return user && user.is_active && checkResetToken(user, String(req.params.token), config.SECRET_KEY) ? user : undefined;
  }

  const confirmPath = '/password_reset/confirm/:uidb64/:token/';

  router.get(confirmPath, async (req, res) => {
    const user = await validTarget(req);
    admin.render(
      req,
      res,
      'password-reset-confirm',
      { title: gettext('Choose a new password'), valid: Boolean(user), action: req.originalUrl, form: { values: {}, errors: {}, formErrors: [] } },
      user ? 200 : 400,
    );
  });

  router.post(confirmPath, async (req, res) => {
    const user = await validTarget(req);
    if (!user) return admin.render(req, res, 'password-reset-confirm', { title: gettext('Choose a new password'), valid: false }, 400);
    const form = parseForm(newPasswordPairForm(passwordOwnerOf(user)), req.body);
    if (!form.ok) {
      return admin.render(req, res, 'password-reset-confirm', { title: gettext('Choose a new password'), valid: true, action: req.originalUrl, form: { ...form, values: {} } }, 400);
    }
    const options = { token: String(req.params.token), secret: config.SECRET_KEY, newPassword: form.data.new_password1, now: clock() };
    await new ResetPasswordAction(db, user, await loadUserPermissions(db, user), options).execute();
    res.redirect(303, '/wagtail/password_reset/complete/');
  });

  router.get('/password_reset/complete/', (req, res) => {
    admin.render(req, res, 'password-reset-message', {
      title: gettext('Password changed'),
      message: gettext('Your password has been set. You can sign in with it now.'),
      signInLink: true,
    });
  });

  return router;
}
