import type { Logger } from 'pino';
import type { z } from 'zod';
import type { TemplateName } from '../../client/templates/index';
import type { FormErrors } from '../../client/lib/server-forms';
import type { BlockContext } from '../blocks/types';
import type { Config } from '../config';
import type { CaptchaProvider } from '../captcha/provider';
import type { Db } from '../db/database';
import type { Page, Site } from '../db/schema';
import type { PageHead } from '../render';

/** What a page type may use to build its props. */
export interface PageTypeContext extends BlockContext {
  db: Db;
  logger: Logger;
  site: Site;
  /** The parts of the configuration page types read (the maps key for map images, double opt-in for signup texts). */
  config: Pick<Config, 'GOOGLE_MAPS_API_KEY' | 'EMAIL_SIGNUP_DOUBLE_OPT_IN'>;
  /** The site's origin ('https://www.example.com'), for absolute URLs: see siteOrigin. */
  origin: string;
  /** The time of this request (opening hours and wait-list readiness read it). */
  now: Date;
  /** Query parameters of the request, as strings. */
  query: Readonly<Record<string, string>>;
  /** True when a submission on this page has just succeeded, so confirmation content shows. */
  submitted: boolean;
  /** The captcha visitor forms show; pages with a form need it. */
  captcha?: CaptchaProvider;
  /** A refused post to this page's form, so the form shows again with what was typed. */
  posted?: PostedForm;
}

/** What a visitor posted to a page's form and what was wrong with it. */
export interface PostedForm {
  body: Readonly<Record<string, string>>;
  errors: FormErrors;
  /** Each form set's posted forms and errors, by prefix. */
  formSets?: Readonly<Record<string, { forms: Array<{ raw: Readonly<Record<string, string>>; errors: FormErrors }>; nonFormErrors: string[] }>>;
}

/**
 * What a routable page answers for an address below its own (Wagtail's RoutablePageMixin):
 * a page of its own, a redirect, or 'gone' for something that existed and never will again.
 */
export type RouteResult =
  | { kind: 'page'; template: TemplateName; props: Record<string, unknown>; head: PageHead }
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'gone'; title: string; message: string };

/** A page type: its content fields (whose `.meta()` labels the edit form), where it may live, its template and how to build props. */
export interface PageTypeDefinition<Fields = unknown, Props = unknown> {
  name: string;
  label: string;
  template: TemplateName;
  fields: z.ZodType<Fields>;
  /** Page types this one may be created under; 'root' is the tree root. */
  parentTypes: readonly string[];
  /** Extra robots directives for every page of this type. */
  robots?: string;
  getProps(page: Page, fields: Fields, context: PageTypeContext): Promise<Props>;
  /** schema.org JSON-LD for the page's head, built from its props; none when it returns undefined. */
  structuredData?(props: Props, context: PageTypeContext): Record<string, unknown> | undefined;
  /**
   * Serves addresses below the page: `remaining` holds the path components after the page's
   * own. Undefined declines, and the visitor gets the 404 page.
   */
  route?(page: Page, remaining: readonly string[], context: PageTypeContext): Promise<RouteResult | undefined>;
  /** Site-relative addresses the page serves through `route`, for the sitemap. */
  routedUrls?(page: Page, context: Pick<PageTypeContext, 'db' | 'siteRoot'>): Promise<string[]>;
}

/** Declares a page type with its field types inferred from the schema. */
export function definePageType<Schema extends z.ZodType, Props>(definition: {
  name: string;
  label: string;
  template: TemplateName;
  fields: Schema;
  parentTypes: readonly string[];
  robots?: string;
  getProps(page: Page, fields: z.output<Schema>, context: PageTypeContext): Promise<Props>;
  structuredData?(props: Props, context: PageTypeContext): Record<string, unknown> | undefined;
  route?(page: Page, remaining: readonly string[], context: PageTypeContext): Promise<RouteResult | undefined>;
  routedUrls?(page: Page, context: Pick<PageTypeContext, 'db' | 'siteRoot'>): Promise<string[]>;
}): PageTypeDefinition<z.output<Schema>, Props> {
  return definition as PageTypeDefinition<z.output<Schema>, Props>;
}
