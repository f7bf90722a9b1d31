/**
 * The views of one object (Wagtail's generic CreateView, EditView, DeleteView and UsageView):
 * each checks the permission for the model, loads the object or answers 404, checks it again
 * for that object, draws one view, and on POST runs the area's action, then flashes and
 * redirects; a form that fails, or an action refusing a field, draws the form again with 400.
 */
import type { Router } from 'express';
import { gettext } from '../../../client/lib/i18n';
import { databaseId } from '../../db/database-id';
import { HttpError, NotFoundError, ValidationError } from '../../errors';
import { formBody } from '../../forms/posted';
import { isFieldError, isFormRefusal, problemsFromError, type FormProblems, type FormRefusal, type FormResult } from '../../forms/problems';
import type { AdminContext } from '../types';
import { flashAndRedirect, refuse, renderView, viewRequest, type FlashLink, type View, type ViewRequest } from './view';

/** What a user does to a model's objects, as Wagtail's views require (add, change, delete). */
export type ModelAction = 'add' | 'change' | 'delete';

/** What every view of one object needs from its area. */
export interface ModelViewsCore<Obj> {
  /** The listing's address, where a change lands: '/wagtail/sites/'. */
  indexUrl: string;
  activeNav: string;
  /** The object with this id, or undefined. */
  load(id: number): Promise<Obj | undefined>;
  /** The 404's message. */
  notFound: string;
  /**
   * Why the user may not do the action, or null: asked for the model before the object is
   * loaded, then for the object (the area's permission policy).
   */
  refusal(request: ViewRequest, action: ModelAction, object?: Obj): string | null;
}

/** A model's add and edit form: how it starts, how a post is read, how it is drawn, and the actions it runs. */
export interface ModelForm<Obj, Data, Problems extends FormProblems = FormProblems> {
  /** The form as it first shows: empty when adding, the object's values when editing. */
  initial(request: ViewRequest, object?: Obj): Problems | Promise<Problems>;
  /** The posted form read: its data, or its problems with what was typed. */
  read(request: ViewRequest, object?: Obj): FormResult<Data, Problems> | Promise<FormResult<Data, Problems>>;
  /** Where a refusal of the action that names no field is shown (an upload's file); without it such a refusal is an error page. */
  refusalField?: string;
  /** Errors beyond the rules' and the state's that the form shows there too, answering with their status (a full storage, 507). */
  refusedAlso?(error: unknown): error is HttpError;
  /** The problems shown when the action refused a field; by default that refusal beside its field, with what was posted. */
  refused?(request: ViewRequest, error: FormRefusal, data: Data): Problems;
  view(request: ViewRequest, object: Obj | undefined, problems: Problems): View | Promise<View>;
  /** The create action, its message (with a link after it, as Wagtail's "Edit"), and where it lands when not on the listing (a new video's edit form). */
  create?: { run(request: ViewRequest, data: Data): Promise<Obj>; message(saved: Obj): string; link?(saved: Obj): FlashLink; url?(saved: Obj): string };
  edit?: { run(request: ViewRequest, object: Obj, data: Data): Promise<Obj>; message(saved: Obj): string; link?(saved: Obj): FlashLink };
}

/** A model's delete: the confirmation, the action (or a view drawn instead, when the object may not go), and the message. */
export interface ModelDelete<Obj> {
  view(request: ViewRequest, object: Obj): View | Promise<View>;
  run(request: ViewRequest, object: Obj): Promise<void | { view: View; status: number }>;
  message(object: Obj): string;
}

/** Wagtail's plain delete confirmation (the 'confirm' template): the question, a danger button, and the way back; `extra` adds to its context. */
export function confirmDeleteView(title: string, question: string, cancelUrl: string, extra: Record<string, unknown> = {}): View {
  return { template: 'confirm', context: { title, question, confirmLabel: gettext('Yes, delete'), danger: true, cancelUrl, ...extra } };
}

/** A read-only screen about one object (Wagtail's UsageView, HistoryView), for those the area lets see it. */
export interface ModelObjectView<Obj> {
  /** Why the user may not see it, asked before the object is loaded (without it) and after. */
  refusal(request: ViewRequest, object?: Obj): string | null;
  view(request: ViewRequest, object: Obj): View | Promise<View>;
}

/** The object the route's `:pk` names; NotFoundError when there is none. */
export async function loadObject<Obj>(core: Pick<ModelViewsCore<Obj>, 'load' | 'notFound'>, request: ViewRequest): Promise<Obj> {
  const id = databaseId.safeParse(request.req.params.pk);
  const object = id.success ? await core.load(id.data) : undefined;
  if (object === undefined) throw new NotFoundError(core.notFound);
  return object;
}

/** Loads the object a route names, checking the permission for the model first and for the object after. */
export async function loadChecked<Obj>(core: ModelViewsCore<Obj>, request: ViewRequest, action: ModelAction): Promise<Obj> {
  refuse(core.refusal(request, action));
  const object = await loadObject(core, request);
  refuse(core.refusal(request, action, object));
  return object;
}

/**
 * Serves a form at `path`: the add form of a model (`target` 'add'), or a form on the object
 * `target` loads and checks (the edit form, or another, such as a collection's privacy). GET
 * draws it, POST reads it and runs the create or edit action.
 */
export function addFormView<Obj, Data, Problems extends FormProblems>(
  router: Router,
  context: AdminContext,
  path: string,
  core: ModelViewsCore<Obj>,
  form: ModelForm<Obj, Data, Problems>,
  target: 'add' | ((request: ViewRequest) => Promise<Obj>),
): void {
  const objectOf = async (request: ViewRequest): Promise<Obj | undefined> => {
    if (target !== 'add') return target(request);
    refuse(core.refusal(request, 'add'));
    return undefined;
  };
  router.get(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    const object = await objectOf(request);
    renderView(context, request, core.activeNav, await form.view(request, object, await form.initial(request, object)));
  });
  router.post(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    await submit(context, request, core, form, await objectOf(request));
  });
}

/** Serves Wagtail's CopyView at `path`: the add form filled with the values of the object `:pk` names; saving adds a new object. */
export function addCopyView<Obj, Data, Problems extends FormProblems>(
  router: Router,
  context: AdminContext,
  path: string,
  core: ModelViewsCore<Obj>,
  form: ModelForm<Obj, Data, Problems>,
): void {
  router.get(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    refuse(core.refusal(request, 'add'));
    const object = await loadObject(core, request);
    renderView(context, request, core.activeNav, await form.view(request, undefined, await form.initial(request, object)));
  });
}

/**
 * Reads a posted form and runs its create action (no object) or edit action: the saved object,
 * or the problems to show, nothing saved. JSON endpoints (an upload from a chooser) share it.
 */
export async function runForm<Obj, Data, Problems extends FormProblems>(
  request: ViewRequest,
  form: ModelForm<Obj, Data, Problems>,
  object: Obj | undefined,
): Promise<{ ok: true; saved: Obj } | { ok: false; problems: Problems; status: number }> {
  const read = await form.read(request, object);
  if (!read.ok) return { ok: false, problems: read, status: 400 };
  try {
    return { ok: true, saved: object === undefined ? await form.create!.run(request, read.data) : await form.edit!.run(request, object, read.data) };
  } catch (error) {
    const refusal = refusalOf(form, error);
    if (!refusal) throw error;
    // Without a hook of its own, a form's problems are plain FormProblems.
    const problems = form.refused ? form.refused(request, refusal, read.data) : (problemsFromError(refusal, { ...formBody(request.req) }) as Problems);
    return { ok: false, problems, status: error instanceof HttpError ? error.status : 400 };
  }
}

// The action's error as a refusal beside its field, when the form shows it; undefined for an error page.
function refusalOf(form: Pick<ModelForm<unknown, unknown>, 'refusalField' | 'refusedAlso'>, error: unknown): FormRefusal | undefined {
  if (isFieldError(error)) return error;
  if (!form.refusalField || !(isFormRefusal(error) || form.refusedAlso?.(error))) return undefined;
  return new ValidationError(error.message, { field: form.refusalField, cause: error });
}

// Runs the form; problems draw it again (400), a save flashes and redirects.
async function submit<Obj, Data, Problems extends FormProblems>(
  context: AdminContext,
  request: ViewRequest,
  core: ModelViewsCore<Obj>,
  form: ModelForm<Obj, Data, Problems>,
  object: Obj | undefined,
): Promise<void> {
  const outcome = await runForm(request, form, object);
  if (!outcome.ok) return renderView(context, request, core.activeNav, await form.view(request, object, outcome.problems), outcome.status);
  const { saved } = outcome;
  if (object === undefined) return flashAndRedirect(request, form.create!.message(saved), form.create!.url?.(saved) ?? core.indexUrl, form.create!.link?.(saved));
  flashAndRedirect(request, form.edit!.message(saved), core.indexUrl, form.edit!.link?.(saved));
}

/** Serves the delete confirmation and the delete of one object at `path`. */
export function addDeleteView<Obj>(router: Router, context: AdminContext, path: string, core: ModelViewsCore<Obj>, spec: ModelDelete<Obj>): void {
  router.get(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    const object = await loadChecked(core, request, 'delete');
    renderView(context, request, core.activeNav, await spec.view(request, object));
  });
  router.post(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    const object = await loadChecked(core, request, 'delete');
    const instead = await spec.run(request, object);
    if (instead) return renderView(context, request, core.activeNav, instead.view, instead.status);
    flashAndRedirect(request, spec.message(object), core.indexUrl);
  });
}

/** Serves a read-only screen about one object at `path` (where it is used, its history). */
export function addObjectView<Obj>(router: Router, context: AdminContext, path: string, core: Omit<ModelViewsCore<Obj>, 'refusal'>, spec: ModelObjectView<Obj>): void {
  router.get(path, async (req, res) => {
    const request = viewRequest(context, req, res);
    refuse(spec.refusal(request));
    const object = await loadObject(core, request);
    refuse(spec.refusal(request, object));
    renderView(context, request, core.activeNav, await spec.view(request, object));
  });
}
