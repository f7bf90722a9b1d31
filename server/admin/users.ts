import type { Router } from 'express';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateUserAction, DeleteUserAction, EditUserAction, SetUserActiveAction } from '../actions/manage-accounts';
import type { User } from '../db/schema';
import { formBody, formValues } from '../forms/posted';
import { emptyProblems } from '../forms/problems';
import { listGroups } from '../models/groups';
import { listUsers, USERS_PAGE_SIZE } from '../models/user-admin';
import { getUser } from '../models/users';
import { displayName, userManagementRefusal } from './access';
import { confirmDeleteView, loadObject } from './generic/models';
import { flashAndRedirect, viewRequest } from './generic/view';
import { modelViewSetRouter } from './generic/viewset';
import type { AdminContext } from './types';
import { readUserForm, userValues } from './users-form';

const LIST_URL = '/wagtail/users/';

/** /wagtail/users/: list and search, add, edit, activate/deactivate, delete; superusers only, as Wagtail's defaults. */
export function usersRouter(context: AdminContext): Router {
  const { db } = context;
  return modelViewSetRouter(context, {
    prefix: '/users/',
    activeNav: 'users',
    access: userManagementRefusal,
    load: (id) => getUser(db, id),
    notFound: 'There is no user with this id.',
    refusal: () => null,
    listing: {
      query: ({ req }) => ({ q: typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '' }),
      pageSize: USERS_PAGE_SIZE,
      rows: (_request, { q }, slice) => listUsers(db, q, slice!),
      view: ({ perms }, { query, rows, total, pagination }) => ({
        template: 'users-list',
        context: {
          title: gettext('Users'),
          q: query.q,
          users: rows.map((user) => ({ user, name: displayName(user), isSelf: user.id === perms.user.id })),
          total,
          pagination,
        },
      }),
    },
    form: {
      initial: async (_request, user?: User) => emptyProblems(user ? await userValues(db, user) : { is_active: 'on' }),
      read: ({ req }, user) => readUserForm(db, formBody(req), user),
      view: async (_request, user, form) => {
        const chosen = formValues(form.values.groups);
        return {
          template: 'user-edit',
          context: {
            title: user ? interpolate('Editing {name}', { name: user.username }) : gettext('Add a user'),
            user,
            form,
            // A new user has no password to keep, so the add form asks for one.
            passwordHelp: user
              ? gettext('At least 10 characters; not a common password, not only digits, and not like the name or email address. Leave empty to keep the current password.')
              : gettext('Required: at least 10 characters; not a common password, not only digits, and not like the name or email address.'),
            groups: (await listGroups(db)).map((group) => ({ ...group, checked: chosen.includes(String(group.id)) })),
            action: user ? `${LIST_URL}${user.id}/` : `${LIST_URL}add/`,
          },
        };
      },
      create: { run: ({ perms }, input) => new CreateUserAction(db, input, perms).execute(), message: (saved) => interpolate('User "{name}" created.', { name: saved.username }) },
      edit: {
        run: ({ perms }, user, input) => new EditUserAction(db, user, perms, input).execute(),
        message: (saved) => interpolate('User "{name}" updated.', { name: saved.username }),
      },
    },
    delete: {
      view: (_request, user) =>
        confirmDeleteView(
          interpolate('Delete {name}', { name: user.username }),
          gettext('Are you sure you want to delete this user? Their pages and revisions stay, without an author.'),
          LIST_URL,
        ),
      run: async ({ perms }, user) => void (await new DeleteUserAction(db, user, perms).execute()),
      message: (user) => interpolate('User "{name}" deleted.', { name: user.username }),
    },
    routes: (router, core) => {
      for (const [change, isActive] of [
        ['activate', true],
        ['deactivate', false],
      ] as const) {
        router.post(`/users/:pk/${change}/`, async (req, res) => {
          const request = viewRequest(context, req, res);
          const user = await loadObject(core, request);
          await new SetUserActiveAction(db, user, request.perms, { isActive }).execute();
          flashAndRedirect(request, interpolate(isActive ? 'User "{name}" activated.' : 'User "{name}" deactivated.', { name: user.username }), LIST_URL);
        });
      }
    },
  });
}
