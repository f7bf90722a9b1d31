import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateUserAction, DeleteUserAction, EditUserAction, SetUserActiveAction } from '../actions/manage-accounts';
import type { User } from '../db/schema';
import { NotFoundError } from '../errors';
import { listGroups } from '../models/groups';
import { refineNewPassword } from '../models/password-validation';
import { USERS_PAGE_SIZE, listUsers, userGroupIds } from '../models/user-admin';
import { findUserByUsername, getUser } from '../models/users';
import { displayName, permsOf, requireUserManagement } from './access';
import { addProblem, emptyProblems, parseForm, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { flash } from './render';
import type { AdminContext } from './types';
import { formBody } from '../forms/posted';

const pageNumber = z.coerce.number().int().min(1).max(100_000).catch(1);
const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on');
const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
  );

function userFormSchema(isNew: boolean) {
  return z
    .object({
      username: z
        .string()
        .trim()
        .min(1, 'A username is required.')
        .max(150)
        .regex(/^[\w.@+-]+$/, 'Use only letters, digits and @ . + - _'),
      email: z.union([z.literal(''), z.string().trim().max(254).pipe(z.email('Enter a valid email address.'))]).default(''),
      first_name: z.string().trim().max(150).default(''),
      last_name: z.string().trim().max(150).default(''),
      password1: z.string().max(1024).default(''),
      password2: z.string().max(1024).default(''),
      is_active: checkbox,
      is_superuser: checkbox,
      groups: idList,
    })
    .superRefine((form, ctx) => {
      if (isNew && form.password1 === '') ctx.addIssue({ code: 'custom', path: ['password1'], message: 'A password is required.' });
      if (form.password1 !== '')
        refineNewPassword(ctx, 'password1', form.password1, { username: form.username, firstName: form.first_name, lastName: form.last_name, email: form.email });
      if (form.password1 !== form.password2) ctx.addIssue({ code: 'custom', path: ['password2'], message: 'The two passwords do not match.' });
    });
}

/** /wagtail/users/: list and search, add, edit, activate/deactivate, delete. */
export function usersRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.use('/users/', requireUserManagement);

  async function loadUser(req: Request): Promise<User> {
    const id = databaseId.safeParse(req.params.userId);
    const user = id.success ? await getUser(db, id.data) : undefined;
    if (!user) throw new NotFoundError('There is no user with this id.');
    return user;
  }

  router.get('/users/', async (req, res) => {
    const q = typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '';
    const current = pageNumber.parse(req.query.p);
    const { users, total } = await listUsers(db, q, (current - 1) * USERS_PAGE_SIZE);
    const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
    admin.render(req, res, 'users-list', {
      title: gettext('Users'),
      activeNav: 'users',
      q,
      users: users.map((user) => ({ user, name: displayName(user), isSelf: user.id === permsOf(res).user.id })),
      total,
      pagination: {
        previous: current > 1 ? current - 1 : null,
        next: current < pageCount ? current + 1 : null,
        summary: interpolate('Page {current} of {count}', { current, count: pageCount }),
      },
    });
  });

  async function renderForm(req: Request, res: Response, user: User | undefined, form: FormProblems, status = 200) {
    const groups = await listGroups(db);
    const chosen = [form.values.groups ?? []].flat().map(String);
    admin.render(
      req,
      res,
      'user-edit',
      {
        title: user ? interpolate('Editing {name}', { name: user.username }) : gettext('Add a user'),
        activeNav: 'users',
        user,
        form,
        // A new user has no password to keep, so the add form asks for one.
        passwordHelp: user
          ? gettext('At least 10 characters; not a common password, not only digits, and not like the name or email address. Leave empty to keep the current password.')
          : gettext('Required: at least 10 characters; not a common password, not only digits, and not like the name or email address.'),
        groups: groups.map((group) => ({ ...group, checked: chosen.includes(String(group.id)) })),
        action: user ? `/wagtail/users/${user.id}/` : '/wagtail/users/add/',
      },
      status,
    );
  }

  async function save(req: Request, res: Response, user: User | undefined) {
    const form = parseForm(userFormSchema(user === undefined), req.body);
    const values = { ...formBody(req), password1: '', password2: '' };
    if (!form.ok) return renderForm(req, res, user, { ...form, values }, 400);
    const existing = await findUserByUsername(db, form.data.username);
    if (existing && existing.id !== user?.id) {
      const problems = emptyProblems(values);
      addProblem(problems, 'username', gettext('A user with that username already exists.'));
      return renderForm(req, res, user, problems, 400);
    }
    const input = {
      username: form.data.username,
      email: form.data.email,
      firstName: form.data.first_name,
      lastName: form.data.last_name,
      isActive: form.data.is_active,
      isSuperuser: form.data.is_superuser,
      groupIds: form.data.groups,
      password: form.data.password1 === '' ? undefined : form.data.password1,
    };
    const saved = await (user ? new EditUserAction(db, user, permsOf(res), input) : new CreateUserAction(db, input, permsOf(res))).execute();
    flash(req, 'success', interpolate(user ? 'User "{name}" updated.' : 'User "{name}" created.', { name: saved.username }));
    res.redirect(303, '/wagtail/users/');
  }

  router.get('/users/add/', (req, res) => renderForm(req, res, undefined, emptyProblems({ is_active: 'on' })));
  router.post('/users/add/', (req, res) => save(req, res, undefined));

  router.get('/users/:userId/', async (req, res) => {
    const user = await loadUser(req);
    await renderForm(
      req,
      res,
      user,
      emptyProblems({
        username: user.username,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        is_active: user.is_active ? 'on' : undefined,
        is_superuser: user.is_superuser ? 'on' : undefined,
        groups: (await userGroupIds(db, user.id)).map(String),
      }),
    );
  });
  router.post('/users/:userId/', async (req, res) => save(req, res, await loadUser(req)));

  for (const [change, activate] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    router.post(`/users/:userId/${change}/`, async (req, res) => {
      const user = await loadUser(req);
      await new SetUserActiveAction(db, user, permsOf(res), { isActive: activate }).execute();
      flash(req, 'success', interpolate(activate ? 'User "{name}" activated.' : 'User "{name}" deactivated.', { name: user.username }));
      res.redirect(303, '/wagtail/users/');
    });
  }

  router.get('/users/:userId/delete/', async (req, res) => {
    const user = await loadUser(req);
    admin.render(req, res, 'confirm', {
      title: interpolate('Delete {name}', { name: user.username }),
      activeNav: 'users',
      question: gettext('Are you sure you want to delete this user? Their pages and revisions stay, without an author.'),
      confirmLabel: gettext('Yes, delete'),
      cancelUrl: '/wagtail/users/',
      danger: true,
    });
  });

  router.post('/users/:userId/delete/', async (req, res) => {
    const user = await loadUser(req);
    await new DeleteUserAction(db, user, permsOf(res)).execute();
    flash(req, 'success', interpolate('User "{name}" deleted.', { name: user.username }));
    res.redirect(303, '/wagtail/users/');
  });

  return router;
}
