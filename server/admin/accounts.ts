import { Router } from 'express';
import { z } from 'zod';
import { isTimeZone, TIME_ZONES } from '../time-zones';
import { gettext } from '../../client/lib/i18n';
import { ChangePasswordAction, CurrentPasswordError, EditAccountDetailsAction } from '../actions/own-account';
import { authenticate, clientIp, endUserSession, loginFailureLimits, startUserSession } from '../auth';
import { loadUserPermissions } from '../models/permissions';
import { passwordOwnerOf, refineNewPassword, type PasswordOwner } from '../models/password-validation';
import { TOO_MANY_ATTEMPTS, WRONG_LOGIN, safeLocalUrl } from '../views/restricted-pages';
import { permsOf, requireAdminAccess } from './access';
import { addProblem, emptyProblems, parseForm, type FormProblems } from '../forms/problems';
import { flash } from './render';
import type { AdminContext } from './types';

const DASHBOARD_URL = '/wagtail/';

const loginForm = z.object({
  username: z.string().max(150).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().optional(),
});

const detailsForm = z.object({
  first_name: z.string().trim().max(150).default(''),
  last_name: z.string().trim().max(150).default(''),
  email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Enter a valid email address.'))]).default(''),
  current_time_zone: z.union([z.literal(''), z.string().refine(isTimeZone)], { error: 'Select a valid choice.' }).default(''),
});

/** A new password typed twice (new_password1, new_password2), checked as Django's validators do for its owner; the account and reset forms share it. */
export function newPasswordPairForm(owner: PasswordOwner) {
  return z.object({ new_password1: z.string().default(''), new_password2: z.string().default('') }).superRefine((form, ctx) => {
    refineNewPassword(ctx, 'new_password1', form.new_password1, owner);
    if (form.new_password1 !== form.new_password2) ctx.addIssue({ code: 'custom', path: ['new_password2'], message: 'The two passwords do not match.' });
  });
}

function passwordChangeForm(owner: PasswordOwner) {
  return z.object({ old_password: z.string().max(1024).default('') }).and(newPasswordPairForm(owner));
}

/** /wagtail/login/, /wagtail/logout/ (POST) and /wagtail/account/ with its password change. */
export function accountsRouter({ db, admin, config, csrf }: AdminContext): Router {
  const router = Router();

  function renderLogin(req: Parameters<typeof admin.render>[0], res: Parameters<typeof admin.render>[1], next: string, username: string, error: string | null, status = 200) {
    admin.render(req, res, 'login', { title: gettext('Sign in'), next, username, error }, status);
  }

  router.get('/login/', (req, res) => {
    const next = safeLocalUrl(req.query.next, DASHBOARD_URL);
    if (res.locals.adminChrome?.user) return res.redirect(302, next);
    renderLogin(req, res, next, '', null);
  });

  router.post('/login/', async (req, res) => {
    const form = loginForm.safeParse(req.body ?? {});
    const next = safeLocalUrl(form.data?.next, DASHBOARD_URL);
    const username = form.data?.username ?? '';
    const result = form.success ? await authenticate(db, form.data.username, form.data.password, clientIp(req), loginFailureLimits(config)) : undefined;
    if (!result?.ok) {
      const throttled = result?.reason === 'throttled';
      return renderLogin(req, res, next, username, throttled ? gettext(TOO_MANY_ATTEMPTS) : gettext(WRONG_LOGIN), throttled ? 429 : 400);
    }
    if (!(await loadUserPermissions(db, result.user)).canAccessAdmin) {
      return renderLogin(req, res, next, username, gettext('You do not have permission to access the admin.'), 403);
    }
    await startUserSession(db, csrf, req, res, result.user);
    res.redirect(303, next);
  });

  router.post('/logout/', async (req, res) => {
    await endUserSession(req);
    res.redirect(303, '/wagtail/login/');
  });

  router.use('/account/', requireAdminAccess);

  function renderAccount(req: Parameters<typeof admin.render>[0], res: Parameters<typeof admin.render>[1], forms: { details?: FormProblems; password?: FormProblems }, status = 200) {
    const { user } = permsOf(res);
    admin.render(
      req,
      res,
      'account',
      {
        title: gettext('Account'),
        activeNav: 'account',
        details: forms.details ?? emptyProblems({ first_name: user.first_name, last_name: user.last_name, email: user.email, current_time_zone: user.current_time_zone }),
        timeZones: TIME_ZONES,
        siteTimeZone: config.TIME_ZONE,
        password: forms.password ?? emptyProblems({}),
      },
      status,
    );
  }

  router.get('/account/', (req, res) => renderAccount(req, res, {}));

  router.post('/account/', async (req, res) => {
    const form = parseForm(detailsForm, req.body);
    if (!form.ok) return renderAccount(req, res, { details: form }, 400);
    const details = { firstName: form.data.first_name, lastName: form.data.last_name, email: form.data.email, currentTimeZone: form.data.current_time_zone };
    await new EditAccountDetailsAction(db, permsOf(res).user, permsOf(res), details).execute();
    flash(req, 'success', gettext('Your account details have been saved.'));
    res.redirect(303, '/wagtail/account/');
  });

  router.post('/account/change_password/', async (req, res) => {
    const { user } = permsOf(res);
    const form = parseForm(passwordChangeForm(passwordOwnerOf(user)), req.body);
    if (!form.ok) return renderAccount(req, res, { password: { ...form, values: {} } }, 400);
    try {
      await new ChangePasswordAction(db, user, permsOf(res), { currentPassword: form.data.old_password, newPassword: form.data.new_password1 }).execute();
    } catch (error) {
      if (!(error instanceof CurrentPasswordError)) throw error;
      const problems = emptyProblems({});
      addProblem(problems, 'old_password', gettext('Your current password was entered incorrectly.'));
      return renderAccount(req, res, { password: problems }, 400);
    }
    // A new session id, so sessions copied before the change do not carry on.
    await startUserSession(db, csrf, req, res, user);
    flash(req, 'success', gettext('Your password has been changed.'));
    res.redirect(303, '/wagtail/account/');
  });

  return router;
}
