import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { Request, Response } from 'express';
import { gettext, ngettext } from '../../client/lib/i18n';
import type { AssetManifest } from '../asset-manifest';
import type { CsrfProtection } from '../csrf';
import type { AdminChrome } from './admin-chrome';
import { FALLBACK_TIME_ZONE, formatAdminDate } from './date-format';
import { drawMenu } from './menu';

const TEMPLATES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

/** A button a flash message offers, posting to `url` (the host stand's "Undo"). */
export interface FlashAction {
  url: string;
  label: string;
}

/** A message shown once on the next admin page ("Page 'About' published."). */
export interface FlashMessage {
  level: 'success' | 'error' | 'warning';
  text: string;
  /** A link after the text, as Wagtail's "View live" after "Page 'X' has been published." */
  link?: { url: string; label: string };
  /** A button after the text that posts (the host stand's "Undo"). */
  action?: FlashAction;
}

declare module 'express-session' {
  interface SessionData {
    adminMessages?: FlashMessage[];
  }
}

/** Queues a message for the next admin page this session sees. */
export function flash(req: Request, level: FlashMessage['level'], text: string, extras: Pick<FlashMessage, 'link' | 'action'> = {}): void {
  req.session.adminMessages = [...(req.session.adminMessages ?? []), { level, text, ...extras }];
}

function takeMessages(req: Request): FlashMessage[] {
  const messages = req.session?.adminMessages ?? [];
  if (messages.length > 0) delete req.session.adminMessages;
  return messages;
}

function createEnvironment(): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper('t', (message: string) => gettext(message));
  hbs.registerHelper('ngettext', (singular: string, plural: string, count: number) => ngettext(singular, plural, count));
  hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hbs.registerHelper('not', (a: unknown) => !a);
  hbs.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean));
  hbs.registerHelper('and', (...args: unknown[]) => args.slice(0, -1).every(Boolean));
  hbs.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).join(''));
  hbs.registerHelper('indentDashes', (depth: number) => '—'.repeat(depth));
  hbs.registerHelper('includes', (list: unknown, value: unknown) => Array.isArray(list) && list.includes(value));
  hbs.registerHelper('date', (value: unknown, options: Handlebars.HelperOptions) =>
    value instanceof Date ? formatAdminDate(value, (options.data as { root?: { chrome?: AdminChrome } } | undefined)?.root?.chrome?.timeZone ?? FALLBACK_TIME_ZONE) : '',
  );
  hbs.registerHelper('isoDate', (value: unknown) => (value instanceof Date ? value.toISOString() : ''));
  const partialsDir = path.join(TEMPLATES_DIR, 'partials');
  for (const file of readdirSync(partialsDir).filter((name) => name.endsWith('.hbs'))) {
    hbs.registerPartial(path.basename(file, '.hbs'), readFileSync(path.join(partialsDir, file), 'utf8'));
  }
  return hbs;
}

/** Renders admin templates inside the layout; templates are compiled once, at start-up. */
export function createAdminRenderer(manifest: AssetManifest, csrf: CsrfProtection) {
  const hbs = createEnvironment();
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  for (const file of readdirSync(TEMPLATES_DIR).filter((name) => name.endsWith('.hbs'))) {
    compiled.set(path.basename(file, '.hbs'), hbs.compile(readFileSync(path.join(TEMPLATES_DIR, file), 'utf8'), { strict: false }));
  }
  const layout = compiled.get('layout');
  if (!layout) throw new Error('server/admin/templates/layout.hbs is missing');
  const assets = { script: manifest.admin.entry.file, preloads: manifest.admin.entry.imports, css: manifest.admin.css };

  /** Sends one admin page: `template` with `context`, wrapped in the layout. */
  function render(req: Request, res: Response, template: string, context: Record<string, unknown> & { title: string; activeNav?: string }, status = 200): void {
    const body = compiled.get(template);
    if (!body) throw new Error(`Admin template "${template}" does not exist`);
    const chrome = res.locals.adminChrome;
    const shared = {
      ...context,
      chrome,
      menu: chrome ? drawMenu(chrome.menu, context.activeNav) : [],
      csrfToken: csrf.tokenFor(req, res),
      assets,
      messages: takeMessages(req),
      currentPath: req.originalUrl,
    };
    res
      .status(status)
      .set('Cache-Control', 'private, no-store')
      .type('html')
      .send(layout!({ ...shared, body: body(shared) }));
  }

  /** One template's HTML alone, without the layout: forms answered inside JSON (the multiple upload's items). */
  function renderFragment(req: Request, res: Response, template: string, context: Record<string, unknown>): string {
    const body = compiled.get(template);
    if (!body) throw new Error(`Admin template "${template}" does not exist`);
    return body({ ...context, chrome: res.locals.adminChrome, csrfToken: csrf.tokenFor(req, res) });
  }

  return { render, renderFragment };
}

/** The renderer's type, for admin modules that receive it. */
export type AdminRenderer = ReturnType<typeof createAdminRenderer>;
