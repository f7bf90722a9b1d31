import type { Router } from 'express';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateGroupAction, DeleteGroupAction, EditGroupAction } from '../actions/manage-accounts';
import type { Group } from '../db/schema';
import { getGroup, listGroups } from '../models/groups';
import { confirmDeleteView } from './generic/models';
import { modelViewSetRouter } from './generic/viewset';
import { groupFormState, groupFormView, readGroupForm, type GroupFormState } from './groups-form';
import type { AdminContext } from './types';
import { userManagementRefusal } from './access';

/** /wagtail/groups/: list and search, add, edit (admin access, page, collection, object and host-stand permissions), delete; superusers only. */
export function groupsRouter(context: AdminContext): Router {
  const { db } = context;
  return modelViewSetRouter(context, {
    prefix: '/groups/',
    activeNav: 'groups',
    access: userManagementRefusal,
    load: (id) => getGroup(db, id),
    notFound: 'There is no group with this id.',
    refusal: () => null,
    listing: {
      query: ({ req }) => ({ q: typeof req.query.q === 'string' ? req.query.q.slice(0, 100) : '' }),
      rows: async (_request, { q }) => {
        const rows = await listGroups(db, q);
        return { rows, total: rows.length };
      },
      view: (_request, { query, rows }) => ({ template: 'groups-list', context: { title: gettext('Groups'), q: query.q, groups: rows } }),
    },
    form: {
      initial: (_request, group?: Group) => groupFormState(db, group),
      read: ({ req }, group) => readGroupForm(db, (req.body ?? {}) as Record<string, unknown>, group),
      view: (_request, group, state: GroupFormState) => groupFormView(db, group, state),
      create: { run: ({ perms }, input) => new CreateGroupAction(db, input, perms).execute(), message: (saved) => interpolate('Group "{name}" created.', { name: saved.name }) },
      edit: {
        run: ({ perms }, group, input) => new EditGroupAction(db, group, perms, input).execute(),
        message: (saved) => interpolate('Group "{name}" updated.', { name: saved.name }),
      },
    },
    delete: {
      view: (_request, group) =>
        confirmDeleteView(
          interpolate('Delete group {name}', { name: group.name }),
          gettext('Are you sure you want to delete this group? Its members lose the permissions it gave them.'),
          '/wagtail/groups/',
        ),
      run: async ({ perms }, group) => void (await new DeleteGroupAction(db, group, perms).execute()),
      message: (group) => interpolate('Group "{name}" deleted.', { name: group.name }),
    },
  });
}
