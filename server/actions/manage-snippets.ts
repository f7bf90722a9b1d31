/**
 * Adding, editing and deleting snippets (Wagtail's snippet create, edit and delete views): each
 * checks the model's object permission, changes the object in one transaction with a revision
 * of what was saved, and writes the audit entry the history screen and site history read.
 */
import { NON_FIELD_ERRORS } from '../../client/lib/server-forms';
import type { Db } from '../db/database';
import { NotFoundError, PermissionDenied, ValidationError } from '../errors';
import type { ObjectPermission } from '../db/schema';
import type { UserPermissions } from '../models/permissions';
import { lockRowById } from '../models/row-locks';
import { SNIPPET_NAMING, SNIPPET_TABLES, type SnippetFields, type SnippetModel } from '../models/snippets/registry';
import { insertSnippetRevision, deleteSnippetRevisions } from '../models/snippets/revisions';
import { countryCodeTaken, deleteSnippetRow, getSnippet, insertSnippet, updateSnippet, type SnippetObject } from '../models/snippets/store';
import { Action, CreateAction } from './action';
import { MODEL_POLICIES } from '../models/permission-policies';

/** A value refused for one field (or, with NON_FIELD_ERRORS, the form as a whole), for the form to show beside it. */
export class SnippetFormError extends ValidationError {
  constructor(field: string, message: string) {
    super(message, { field });
  }
}

/** Refuses a user without this permission on the model. */
export function ensureSnippetPermission(actor: UserPermissions, model: SnippetModel, permission: ObjectPermission): void {
  const refusal = snippetRefusal(actor, model, permission);
  if (refusal !== null) throw new PermissionDenied(refusal);
}

/** Why the user may not add, change or delete objects of the model, or null. */
export function snippetRefusal(actor: UserPermissions, model: SnippetModel, permission: ObjectPermission): string | null {
  return MODEL_POLICIES[model].userHasPermission(actor, permission) ? null : `You do not have permission to ${permission} ${SNIPPET_NAMING[model].verboseNamePlural}.`;
}

// Country codes are unique: the directory finds a country by its code.
async function ensureUnique(trx: Db, model: SnippetModel, fields: Record<string, unknown>, exceptId?: number): Promise<void> {
  if (model === 'country' && (await countryCodeTaken(trx, String(fields.code), exceptId))) throw new SnippetFormError('code', 'A country with this code already exists.');
}

/** What a save needs besides the object: when it happens (the revision's time). */
export interface SnippetSaveOptions {
  now: Date;
}

/** A new object of a model: the target of CreateSnippetAction. */
export interface NewSnippet<M extends SnippetModel> {
  model: M;
  fields: SnippetFields<M>;
}

/** An object with its model: the target of the edit and delete actions. */
export interface SnippetRef<M extends SnippetModel> {
  model: M;
  object: SnippetObject<M>;
}

/** Adds an object with its first revision. Audit 'snippet.create'. */
export class CreateSnippetAction<M extends SnippetModel> extends CreateAction<NewSnippet<M>, SnippetObject<M>, SnippetSaveOptions> {
  protected checkAgainst({ model }: NewSnippet<M>): void {
    ensureSnippetPermission(this.actor, model, 'add');
  }

  protected async perform(trx: Db, { model, fields }: NewSnippet<M>): Promise<SnippetObject<M>> {
    await ensureUnique(trx, model, fields);
    const created = await insertSnippet(trx, model, fields);
    const revision = await insertSnippetRevision(trx, model, created.id, created.fields, this.actorId, this.options.now);
    await this.audit(trx, { action: 'snippet.create', objectType: model, objectId: created.id, label: created.title, data: { revision_id: revision.id } });
    return created;
  }
}

/** The object re-read under a row lock, or undefined when it was deleted meanwhile. */
async function lockSnippet<M extends SnippetModel>(trx: Db, { model, object }: SnippetRef<M>): Promise<SnippetRef<M> | undefined> {
  if (!(await lockRowById(trx, SNIPPET_TABLES[model], object.id))) return undefined;
  const current = await getSnippet(trx, model, object.id);
  return current && { model, object: current };
}

/** Saves new fields (the option) over an object with a revision of them. Audit 'snippet.edit'. */
export class EditSnippetAction<M extends SnippetModel> extends Action<SnippetRef<M>, SnippetObject<M>, SnippetSaveOptions & { fields: SnippetFields<M> }> {
  protected async lockTarget(trx: Db, target: SnippetRef<M>): Promise<SnippetRef<M>> {
    const current = await lockSnippet(trx, target);
    if (!current) throw new SnippetFormError(NON_FIELD_ERRORS, 'This object was deleted while you were editing it.');
    return current;
  }

  protected checkAgainst({ model }: SnippetRef<M>): void {
    ensureSnippetPermission(this.actor, model, 'change');
  }

  protected async perform(trx: Db, { model, object }: SnippetRef<M>): Promise<SnippetObject<M>> {
    const { fields, now } = this.options;
    await ensureUnique(trx, model, fields, object.id);
    const updated = await updateSnippet(trx, model, object.id, fields);
    if (!updated) throw new SnippetFormError(NON_FIELD_ERRORS, 'This object was deleted while you were editing it.');
    const revision = await insertSnippetRevision(trx, model, updated.id, updated.fields, this.actorId, now);
    await this.audit(trx, { action: 'snippet.edit', objectType: model, objectId: updated.id, label: updated.title, data: { revision_id: revision.id } });
    return updated;
  }
}

/** Deletes an object and its revisions. Audit 'snippet.delete'. */
export class DeleteSnippetAction<M extends SnippetModel> extends Action<SnippetRef<M>, void> {
  protected async lockTarget(trx: Db, target: SnippetRef<M>): Promise<SnippetRef<M>> {
    const current = await lockSnippet(trx, target);
    if (!current) throw new NotFoundError('This object no longer exists.');
    return current;
  }

  protected checkAgainst({ model }: SnippetRef<M>): void {
    ensureSnippetPermission(this.actor, model, 'delete');
  }

  protected async perform(trx: Db, { model, object }: SnippetRef<M>): Promise<void> {
    await deleteSnippetRevisions(trx, model, object.id);
    await deleteSnippetRow(trx, model, object.id);
    await this.audit(trx, { action: 'snippet.delete', objectType: model, objectId: object.id, label: object.title, data: { fields: object.fields } });
  }
}
