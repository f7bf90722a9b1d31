/**
 * The collection forms (Wagtail's CollectionForm and collection privacy form): name and parent,
 * where a collection may go, and who may see the documents of a collection.
 */
import { z } from 'zod';
import { gettext, interpolate } from '../../client/lib/i18n';
import { CreateCollectionAction, EditCollectionAction, SetCollectionPrivacyAction, type CollectionInput } from '../actions/manage-collections';
import { databaseId } from '../db/database-id';
import type { Db } from '../db/database';
import type { Collection } from '../db/schema';
import { PermissionDenied } from '../errors';
import { formValues } from '../forms/posted';
import { addProblem, emptyProblems, parseForm, problemsFromError } from '../forms/problems';
import { collectionTree, getCollection, subtreeIds } from '../models/collections';
import { listGroups } from '../models/groups';
import { collectionManagementPolicy } from '../models/permission-policies';
import { restrictionsForCollection, type ViewPrivacy } from '../models/view-restrictions';
import type { ModelForm } from './generic/models';

const LIST_URL = '/wagtail/collections/';

const collectionFields = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(255, 'The name can be at most 255 characters.'),
  parent: databaseId.catch(0).refine((id) => id > 0, 'Choose a parent collection.'),
});

const privacyFields = z.discriminatedUnion('restriction', [
  z.object({ restriction: z.literal('public') }),
  z.object({ restriction: z.literal('login') }),
  z.object({ restriction: z.literal('password'), password: z.string().min(1, 'Enter the password visitors must give.').max(255) }),
  z.object({ restriction: z.literal('groups'), groups: z.preprocess(formValues, z.array(databaseId).min(1, 'Choose at least one group.')) }),
]);

/** Add (under a collection the user may add to) and edit (rename, move: never under itself or below it). */
export function collectionForm(db: Db): ModelForm<Collection, CollectionInput> {
  return {
    async initial({ perms }, collection) {
      if (collection) return emptyProblems({ name: collection.name, parent: collection.parent_id });
      const firstAllowed = (await collectionTree(db)).find((entry) => collectionManagementPolicy.userCanAddUnder(perms, entry.id));
      if (!firstAllowed) throw new PermissionDenied('You do not have permission to add a collection.');
      return emptyProblems({ name: '', parent: firstAllowed.id });
    },
    async read({ req }) {
      const form = parseForm(collectionFields, req.body);
      if (!form.ok) return form;
      if (!(await getCollection(db, form.data.parent))) {
        const problems = emptyProblems({ name: form.data.name, parent: form.data.parent });
        addProblem(problems, 'parent', gettext('Choose a parent collection.'));
        return { ok: false, ...problems };
      }
      return { ok: true, data: { name: form.data.name, parentId: form.data.parent } };
    },
    refused: (_request, error, input) => problemsFromError(error, { name: input.name, parent: input.parentId }),
    async view({ perms }, collection, form) {
      const tree = await collectionTree(db);
      const excluded = collection ? await subtreeIds(db, collection.id) : [];
      const selected = Number(form.values.parent) || 0;
      const movable = collection === undefined || collectionManagementPolicy.moveRefusal(perms, collection) === null;
      // The parents offered: where the user may add, never itself or below it; only the current one when it may not move.
      const parents = tree
        .filter((entry) => entry.id === selected || (movable && collectionManagementPolicy.userCanAddUnder(perms, entry.id)))
        .map((entry) => ({ id: entry.id, label: entry.label, selected: entry.id === selected, disabled: excluded.includes(entry.id) }));
      return {
        template: 'collections-edit',
        context: {
          title: collection ? interpolate('Editing collection {name}', { name: collection.name }) : gettext('Add collection'),
          breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection ? collection.name : gettext('Add collection') }],
          collection,
          form,
          parents,
          movable,
          canDelete: collection !== undefined && collectionManagementPolicy.deleteRefusal(perms, collection) === null,
          canSetPrivacy: collection !== undefined && collectionManagementPolicy.privacyRefusal(perms, collection) === null,
          action: collection ? `${LIST_URL}${collection.id}/` : `${LIST_URL}add/`,
        },
      };
    },
    create: {
      run: ({ perms }, input) => new CreateCollectionAction(db, input, perms).execute(),
      message: (created) => interpolate("Collection '{name}' created.", { name: created.name }),
    },
    edit: {
      run: ({ perms }, collection, input) => new EditCollectionAction(db, collection, perms, input).execute(),
      message: (updated) => interpolate("Collection '{name}' updated.", { name: updated.name }),
    },
  };
}

/** Who may see the documents of a collection and its descendants: anyone, signed-in users, a password, or some groups. */
export function collectionPrivacyForm(db: Db): ModelForm<Collection, ViewPrivacy> {
  return {
    async initial(_request, collection) {
      const own = (await restrictionsForCollection(db, collection!.id)).find((restriction) => restriction.collection_id === collection!.id);
      return emptyProblems({ restriction: own?.restriction_type ?? 'public', groups: own?.groupIds.map(String) ?? [] });
    },
    async read({ req }) {
      const form = parseForm(privacyFields, req.body);
      if (!form.ok) return { ...form, values: { ...form.values, password: '' } };
      const privacy = form.data;
      if (privacy.restriction === 'password') return { ok: true, data: { type: 'password', password: privacy.password } };
      if (privacy.restriction !== 'groups') return { ok: true, data: { type: privacy.restriction } };
      const known = new Set((await listGroups(db)).map((group) => group.id));
      if (privacy.groups.every((id) => known.has(id))) return { ok: true, data: { type: 'groups', groupIds: privacy.groups } };
      const problems = emptyProblems({ restriction: 'groups', groups: [] });
      addProblem(problems, 'groups', gettext('Choose groups from the list.'));
      return { ok: false, ...problems };
    },
    async view(_request, collection, form) {
      const [restrictions, groups] = await Promise.all([restrictionsForCollection(db, collection!.id), listGroups(db)]);
      const chosen = formValues(form.values.groups).map(Number);
      return {
        template: 'collections-privacy',
        context: {
          title: interpolate('Privacy of collection {name}', { name: collection!.name }),
          breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection!.name, url: `${LIST_URL}${collection!.id}/` }, { label: gettext('Privacy') }],
          collection,
          form,
          groups: groups.map((group) => ({ id: group.id, name: group.name, checked: chosen.includes(group.id) })),
          inherited: restrictions.some((restriction) => restriction.collection_id !== collection!.id),
        },
      };
    },
    edit: {
      run: ({ perms }, collection, privacy) => new SetCollectionPrivacyAction(db, collection, perms, privacy).execute().then(() => collection),
      message: (collection) => interpolate("The privacy of collection '{name}' has been saved.", { name: collection.name }),
    },
  };
}
