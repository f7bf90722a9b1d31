import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { gettext, interpolate, ngettext } from '../../client/lib/i18n';
import {
  CollectionFormError,
  CreateCollectionAction,
  DeleteCollectionAction,
  EditCollectionAction,
  SetCollectionPrivacyAction,
  type CollectionInput,
} from '../actions/manage-collections';
import { refuseWith } from '../actions/action';
import type { Collection } from '../db/schema';
import { NotFoundError, PermissionDenied } from '../errors';
import { listGroups } from '../models/groups';
import { collectionContents, collectionTree, getCollection, isEmptyCollection, subtreeIds, type CollectionContents, type CollectionTreeEntry } from '../models/collections';
import { COLLECTION_MANAGEMENT_PERMISSIONS, type UserPermissions } from '../models/permissions';
import { restrictionsForCollection, type ViewPrivacy } from '../models/view-restrictions';
import { permsOf } from './access';
import { addProblem, emptyProblems, parseForm, problemsFromError, type FormProblems } from '../forms/problems';
import { databaseId } from '../db/database-id';
import { formValues } from '../forms/posted';
import { flash } from './render';
import type { AdminContext } from './types';
import { collectionManagementPolicy } from '../models/permission-policies';

const LIST_URL = '/wagtail/collections/';

const collectionForm = z.object({
  name: z.string().trim().min(1, 'A name is required.').max(255, 'The name can be at most 255 characters.'),
  parent: databaseId.catch(0).refine((id) => id > 0, 'Choose a parent collection.'),
});

const privacyForm = z.discriminatedUnion('restriction', [
  z.object({ restriction: z.literal('public') }),
  z.object({ restriction: z.literal('login') }),
  z.object({ restriction: z.literal('password'), password: z.string().min(1, 'Enter the password visitors must give.').max(255) }),
  z.object({ restriction: z.literal('groups'), groups: z.preprocess(formValues, z.array(databaseId).min(1, 'Choose at least one group.')) }),
]);

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

/** The parents a collection may be put under: where the user may add, never itself or below it; only the selected one when it may not move. */
function parentChoices(
  tree: CollectionTreeEntry[],
  perms: UserPermissions,
  selectedId: number,
  { excluded = [], movable = true }: { excluded?: readonly number[]; movable?: boolean } = {},
) {
  return tree
    .filter((entry) => entry.id === selectedId || (movable && collectionManagementPolicy.userCanAddUnder(perms, entry.id)))
    .map((entry) => ({ id: entry.id, label: entry.label, selected: entry.id === selectedId, disabled: excluded.includes(entry.id) }));
}

/**
 * /wagtail/collections/ as Wagtail's: the tree with what each collection holds, add, edit
 * (rename, move), delete (only when empty) and privacy of the documents in a collection.
 */
export function collectionsRouter({ db, admin }: AdminContext): Router {
  const router = Router();
  router.use('/collections/', (_req, res, next) => {
    if (!collectionManagementPolicy.userHasAnyPermission(permsOf(res), COLLECTION_MANAGEMENT_PERMISSIONS))
      throw new PermissionDenied('You do not have permission to manage collections.');
    next();
  });

  async function loadCollection(req: Request): Promise<Collection> {
    const id = databaseId.safeParse(req.params.collectionId);
    const collection = id.success ? await getCollection(db, id.data) : undefined;
    if (!collection) throw new NotFoundError('There is no collection with this id.');
    return collection;
  }

  router.get('/collections/', async (req, res) => {
    const perms = permsOf(res);
    const visible = collectionManagementPolicy.instancesUserHasAnyPermissionFor(perms);
    const tree = (await collectionTree(db)).filter((entry) => entry.parentId === null || !visible || visible.includes(entry.id));
    const rows = tree.map((entry) => {
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
    });
    admin.render(req, res, 'collections-list', {
      title: gettext('Collections'),
      activeNav: 'collections',
      rows,
      canAdd: tree.some((entry) => collectionManagementPolicy.userCanAddUnder(perms, entry.id)),
    });
  });

  async function renderForm(req: Request, res: Response, collection: Collection | undefined, form: FormProblems, status = 200) {
    const perms = permsOf(res);
    const tree = await collectionTree(db);
    const excluded = collection ? await subtreeIds(db, collection.id) : [];
    const selected = Number(form.values.parent) || 0;
    const movable = collection === undefined || collectionManagementPolicy.moveRefusal(perms, collection) === null;
    admin.render(
      req,
      res,
      'collections-edit',
      {
        title: collection ? interpolate('Editing collection {name}', { name: collection.name }) : gettext('Add collection'),
        activeNav: 'collections',
        breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection ? collection.name : gettext('Add collection') }],
        collection,
        form,
        parents: parentChoices(tree, perms, selected, { excluded, movable }),
        movable,
        canDelete: collection !== undefined && collectionManagementPolicy.deleteRefusal(perms, collection) === null,
        canSetPrivacy: collection !== undefined && collectionManagementPolicy.privacyRefusal(perms, collection) === null,
        action: collection ? `${LIST_URL}${collection.id}/` : `${LIST_URL}add/`,
      },
      status,
    );
  }

  /** Checks the form; on problems renders it again with 400 and answers undefined. */
  async function readForm(req: Request, res: Response, collection: Collection | undefined) {
    const form = parseForm(collectionForm, req.body);
    if (!form.ok) return void (await renderForm(req, res, collection, form, 400));
    if (!(await getCollection(db, form.data.parent))) {
      const problems = emptyProblems({ name: form.data.name, parent: form.data.parent });
      addProblem(problems, 'parent', gettext('Choose a parent collection.'));
      return void (await renderForm(req, res, collection, problems, 400));
    }
    return { name: form.data.name, parentId: form.data.parent };
  }

  /** Runs a save; a refused name or parent is shown beside its field (400) and answers undefined. */
  async function saveOrShow(req: Request, res: Response, collection: Collection | undefined, input: CollectionInput, save: () => Promise<Collection>) {
    try {
      return await save();
    } catch (error) {
      if (!(error instanceof CollectionFormError)) throw error;
      return void (await renderForm(req, res, collection, problemsFromError(error, { name: input.name, parent: input.parentId }), 400));
    }
  }

  router.get('/collections/add/', async (req, res) => {
    const tree = await collectionTree(db);
    const firstAllowed = tree.find((entry) => collectionManagementPolicy.userCanAddUnder(permsOf(res), entry.id));
    if (!firstAllowed) throw new PermissionDenied('You do not have permission to add a collection.');
    await renderForm(req, res, undefined, emptyProblems({ name: '', parent: firstAllowed.id }));
  });

  router.post('/collections/add/', async (req, res) => {
    const input = await readForm(req, res, undefined);
    if (!input) return;
    const created = await saveOrShow(req, res, undefined, input, () => new CreateCollectionAction(db, input, permsOf(res)).execute());
    if (!created) return;
    flash(req, 'success', interpolate("Collection '{name}' created.", { name: created.name }));
    res.redirect(303, LIST_URL);
  });

  async function loadEditable(req: Request, res: Response): Promise<Collection> {
    const collection = await loadCollection(req);
    refuseWith(collectionManagementPolicy.editRefusal(permsOf(res), collection));
    return collection;
  }

  router.get('/collections/:collectionId/', async (req, res) => {
    const collection = await loadEditable(req, res);
    await renderForm(req, res, collection, emptyProblems({ name: collection.name, parent: collection.parent_id }));
  });

  router.post('/collections/:collectionId/', async (req, res) => {
    const collection = await loadEditable(req, res);
    const input = await readForm(req, res, collection);
    if (!input) return;
    const updated = await saveOrShow(req, res, collection, input, () => new EditCollectionAction(db, collection, permsOf(res), input).execute());
    if (!updated) return;
    flash(req, 'success', interpolate("Collection '{name}' updated.", { name: updated.name }));
    res.redirect(303, LIST_URL);
  });

  async function loadDeletable(req: Request, res: Response): Promise<Collection> {
    const collection = await loadCollection(req);
    refuseWith(collectionManagementPolicy.deleteRefusal(permsOf(res), collection));
    return collection;
  }

  async function renderDelete(req: Request, res: Response, collection: Collection, contents: CollectionContents, status = 200) {
    admin.render(
      req,
      res,
      'collections-delete',
      {
        title: interpolate('Delete collection {name}', { name: collection.name }),
        activeNav: 'collections',
        breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection.name, url: `${LIST_URL}${collection.id}/` }, { label: gettext('Delete') }],
        collection,
        contents: describeContents(contents),
        isEmpty: isEmptyCollection(contents),
      },
      status,
    );
  }

  router.get('/collections/:collectionId/delete/', async (req, res) => {
    const collection = await loadDeletable(req, res);
    await renderDelete(req, res, collection, await collectionContents(db, collection.id));
  });

  router.post('/collections/:collectionId/delete/', async (req, res) => {
    const collection = await loadDeletable(req, res);
    const contents = await collectionContents(db, collection.id);
    // Wagtail answers 403 here; the page says why, so the refusal is readable.
    if (!isEmptyCollection(contents)) return renderDelete(req, res, collection, contents, 403);
    await new DeleteCollectionAction(db, collection, permsOf(res)).execute();
    flash(req, 'success', interpolate("Collection '{name}' deleted.", { name: collection.name }));
    res.redirect(303, LIST_URL);
  });

  async function loadPrivate(req: Request, res: Response): Promise<Collection> {
    const collection = await loadCollection(req);
    refuseWith(collectionManagementPolicy.privacyRefusal(permsOf(res), collection));
    return collection;
  }

  async function renderPrivacy(req: Request, res: Response, collection: Collection, form: FormProblems, status = 200) {
    const [restrictions, groups] = await Promise.all([restrictionsForCollection(db, collection.id), listGroups(db)]);
    const chosen = formValues(form.values.groups).map(Number);
    admin.render(
      req,
      res,
      'collections-privacy',
      {
        title: interpolate('Privacy of collection {name}', { name: collection.name }),
        activeNav: 'collections',
        breadcrumbs: [{ label: gettext('Collections'), url: LIST_URL }, { label: collection.name, url: `${LIST_URL}${collection.id}/` }, { label: gettext('Privacy') }],
        collection,
        form,
        groups: groups.map((group) => ({ id: group.id, name: group.name, checked: chosen.includes(group.id) })),
        inherited: restrictions.some((restriction) => restriction.collection_id !== collection.id),
      },
      status,
    );
  }

  router.get('/collections/:collectionId/privacy/', async (req, res) => {
    const collection = await loadPrivate(req, res);
    const own = (await restrictionsForCollection(db, collection.id)).find((restriction) => restriction.collection_id === collection.id);
    await renderPrivacy(req, res, collection, emptyProblems({ restriction: own?.restriction_type ?? 'public', groups: own?.groupIds.map(String) ?? [] }));
  });

  router.post('/collections/:collectionId/privacy/', async (req, res) => {
    const collection = await loadPrivate(req, res);
    const form = parseForm(privacyForm, req.body);
    if (!form.ok) return renderPrivacy(req, res, collection, { ...form, values: { ...form.values, password: '' } }, 400);
    if (form.data.restriction === 'groups') {
      const known = new Set((await listGroups(db)).map((group) => group.id));
      if (!form.data.groups.every((id) => known.has(id))) {
        const problems = emptyProblems({ restriction: 'groups', groups: [] });
        addProblem(problems, 'groups', gettext('Choose groups from the list.'));
        return renderPrivacy(req, res, collection, problems, 400);
      }
    }
    const privacy: ViewPrivacy =
      form.data.restriction === 'password'
        ? { type: 'password', password: form.data.password }
        : form.data.restriction === 'groups'
          ? { type: 'groups', groupIds: form.data.groups }
          : { type: form.data.restriction };
    await new SetCollectionPrivacyAction(db, collection, permsOf(res), privacy).execute();
    flash(req, 'success', interpolate("The privacy of collection '{name}' has been saved.", { name: collection.name }));
    res.redirect(303, LIST_URL);
  });

  return router;
}
