/**
 * A model's admin area declared once (Wagtail's ModelViewSet): its address, permission policy,
 * how one object is loaded, and the listing, form, delete and usage it offers; the generic
 * views serve each at Wagtail's addresses. What an area writes by hand is what differs.
 */
import { Router } from 'express';
import type { BasePermissionPolicy } from '../../models/permission-policies';
import type { FormProblems } from '../../forms/problems';
import type { AdminContext } from '../types';
import { addListingView, type ListingDefinition } from './listing';
import {
  addCopyView,
  addDeleteView,
  addFormView,
  addObjectView,
  loadChecked,
  type ModelAction,
  type ModelDelete,
  type ModelForm,
  type ModelObjectView,
  type ModelViewsCore,
} from './models';
import { refuse, viewRequest, type ViewRequest } from './view';

/** An area's declaration. */
export interface ModelViewSet<Obj, Data = never, Problems extends FormProblems = FormProblems, Query = unknown, Row = unknown> extends Omit<ModelViewsCore<Obj>, 'indexUrl'> {
  /** The area's address below /wagtail/, as '/sites/'. */
  prefix: string;
  /** Why the user may not use the area at all (every view of it), or null. */
  access?(request: ViewRequest): string | null;
  /** Addresses below the prefix, `:pk` for the object's id; Wagtail's by default. */
  urls?: Partial<Record<'add' | 'edit' | 'copy' | 'delete' | 'usage' | 'history', string>>;
  listing?: ListingDefinition<Query, Row>;
  form?: ModelForm<Obj, Data, Problems>;
  /** Whether the add form may start from a copy of an object (Wagtail's CopyView). */
  copy?: boolean;
  delete?: ModelDelete<Obj>;
  usage?: ModelObjectView<Obj>;
  history?: ModelObjectView<Obj>;
  /** The area's own views, served after the listing and the add form, before the views of one object. */
  routes?(router: Router, core: ModelViewsCore<Obj>): void;
}

const DEFAULT_URLS = { add: 'add/', edit: ':pk/', copy: 'copy/:pk/', delete: ':pk/delete/', usage: 'usage/:pk/', history: 'history/:pk/' };

/** The router of one declared area. */
export function modelViewSetRouter<Obj, Data, Problems extends FormProblems, Query, Row>(context: AdminContext, viewset: ModelViewSet<Obj, Data, Problems, Query, Row>): Router {
  const router = Router();
  const urls = { ...DEFAULT_URLS, ...viewset.urls };
  const at = (url: string) => `${viewset.prefix}${url}`;
  const core: ModelViewsCore<Obj> = { ...viewset, indexUrl: `/wagtail${viewset.prefix}` };
  const access = viewset.access;
  if (access)
    router.use(viewset.prefix, (req, res, next) => {
      refuse(access(viewRequest(context, req, res)));
      next();
    });
  if (viewset.listing) addListingView(router, context, viewset.prefix, viewset.activeNav, viewset.listing);
  if (viewset.form?.create) addFormView(router, context, at(urls.add), core, viewset.form, 'add');
  viewset.routes?.(router, core);
  if (viewset.copy && viewset.form?.create) addCopyView(router, context, at(urls.copy), core, viewset.form);
  if (viewset.usage) addObjectView(router, context, at(urls.usage), core, viewset.usage);
  if (viewset.history) addObjectView(router, context, at(urls.history), core, viewset.history);
  if (viewset.delete) addDeleteView(router, context, at(urls.delete), core, viewset.delete);
  if (viewset.form?.edit) addFormView(router, context, at(urls.edit), core, viewset.form, (request) => loadChecked(core, request, 'change'));
  return router;
}

/**
 * The refusals of a model whose policy decides add, change and delete (an object permission,
 * say), each worded by the area.
 */
export function policyRefusal<Obj>(policy: BasePermissionPolicy<ModelAction, unknown>, messages: Record<ModelAction, string>): ModelViewsCore<Obj>['refusal'] {
  return ({ perms }, action, object) =>
    (object === undefined ? policy.userHasPermission(perms, action) : policy.userHasPermissionForInstance(perms, action, object)) ? null : messages[action];
}
