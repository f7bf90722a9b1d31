import type { Router } from 'express';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import { DeleteCollectionAction } from '../actions/manage-collections';
import type { Collection } from '../db/schema';
import { collectionContents, collectionTree, getCollection, isEmptyCollection, type CollectionContents } from '../models/collections';
import { collectionManagementPolicy } from '../models/permission-policies';
import { COLLECTION_MANAGEMENT_PERMISSIONS } from '../models/permissions';
import { collectionForm, collectionPrivacyForm } from './collections-form';
import { addFormView, loadObject, type ModelAction } from './generic/models';
import { refuse, type View, type ViewRequest } from './generic/view';
import { modelViewSetRouter } from './generic/viewset';
import type { AdminContext } from './types';

const LIST_URL = '/wagtail/collections/';

/** "2 images", "1 document", ... for what a collection holds (Wagtail's describe_collection_contents). */
function describeContents(contents: CollectionContents): string[] {
  const parts: Array<[number, string]> = [
    [contents.images, ngettext('{count} image', '{count} images', contents.images)],
    [contents.documents, ngettext('{count} document', '{count} documents', contents.documents)],
    [contents.videos, ngettext('{count} video', '{count} videos', contents.videos)],
    [contents.children, ngettext('{count} child collection', '{count} child collections', contents.children)],
  ];
  return parts.filter(([count]) => count > 0).map(([, words]) => words);
}

/** The refusals of one collection; adding is judged by the parent chosen, in the form and the action. */
function collectionRefusal({ perms }: ViewRequest, action: ModelAction, collection?: Collection): string | null {
  if (!collection || action === 'add') return null;
  return action === 'change' ? collectionManagementPolicy.editRefusal(perms, collection) : collectionManagementPolicy.deleteRefusal(perms, collection);
}

/** The delete screen: what the collection holds, which keeps it from being deleted. */
function deleteView(collection: Collection, contents: CollectionContents): View {
  return {
    template: 'collections-delete',
    context: {
      title: interpolate('Delete collection {name}', { name: collection.name }),
      breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection.name, url: `${LIST_URL}${collection.id}/` }, { label: gettext('Delete') }],
      collection,
      contents: describeContents(contents),
      isEmpty: isEmptyCollection(contents),
    },
  };
}

/**
 * /wagtail/collections/ as Wagtail's: the tree with what each collection holds, add, edit
 * (rename, move), delete (only when empty) and privacy of the documents in a collection.
 */
export function collectionsRouter(context: AdminContext): Router {
  const { db } = context;
  return modelViewSetRouter(context, {
    prefix: '/collections/',
    activeNav: 'collections',
    access: ({ perms }) => (collectionManagementPolicy.userHasAnyPermission(perms, COLLECTION_MANAGEMENT_PERMISSIONS) ? null : 'You do not have permission to manage collections.'),
    load: (id) => getCollection(db, id),
    notFound: 'There is no collection with this id.',
    refusal: collectionRefusal,
    listing: {
      query: () => ({}),
      rows: async ({ perms }) => {
        const visible = collectionManagementPolicy.instancesUserHasAnyPermissionFor(perms);
        const rows = (await collectionTree(db)).filter((entry) => entry.parentId === null || !visible || visible.includes(entry.id));
        return { rows, total: rows.length };
      },
      view: ({ perms }, { rows: tree }) => ({
        template: 'collections-list',
        context: {
          title: gettext('Collections'),
          rows: tree.map((entry) => {
            const collection = { id: entry.id, parent_id: entry.parentId };
            return {
              ...entry,
              isRoot: entry.parentId === null,
              indent: Math.min(8, entry.depth),
              summary: describeContents(entry.contents).join(', ') || gettext('Empty'),
              canEdit: collectionManagementPolicy.editRefusal(perms, collection) === null,
              canDelete: collectionManagementPolicy.deleteRefusal(perms, collection) === null,
              canSetPrivacy: collectionManagementPolicy.privacyRefusal(perms, collection) === null,
              canAddChild: collectionManagementPolicy.userCanAddUnder(perms, entry.id),
            };
          }),
          canAdd: tree.some((entry) => collectionManagementPolicy.userCanAddUnder(perms, entry.id)),
        },
      }),
    },
    form: collectionForm(db),
    delete: {
      view: async (_request, collection) => deleteView(collection, await collectionContents(db, collection.id)),
      run: async ({ perms }, collection) => {
        const contents = await collectionContents(db, collection.id);
        // Wagtail answers 403 here; the page says why, so the refusal is readable.
        if (!isEmptyCollection(contents)) return { view: deleteView(collection, contents), status: 403 };
        await new DeleteCollectionAction(db, collection, perms).execute();
      },
      message: (collection) => interpolate("Collection '{name}' deleted.", { name: collection.name }),
    },
    routes: (router, core) =>
      addFormView(router, context, '/collections/:pk/privacy/', core, collectionPrivacyForm(db), async (request) => {
        const collection = await loadObject(core, request);
        refuse(collectionManagementPolicy.privacyRefusal(request.perms, collection));
        return collection;
      }),
  });
}
