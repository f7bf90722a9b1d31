import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { streamBlockSchema, type StreamErrors, type StreamValue } from '../../../admin-client/streamfield/schemas';
import { BLOCKS } from '../../blocks/index';
import { blockLocations, fieldPathLabel, validateStream } from '../stream-validation';
import type { AdminField } from '../../blocks/types';
import type { Page } from '../../db/schema';
import { revisionSnapshotSchema, type RevisionSnapshot } from '../../models/pages';
import { scheduleProblems } from '../../models/schedule-rules';
import { localClock, zonedInstant } from '../../models/location-clock';
import { isCalendarDate } from '../../calendar-date';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { sanitizeRichText } from '../../rich-text';
import { addProblem, emptyProblems, type FormProblems } from '../forms';

/** Prefix of the form names of a page type's own fields, apart from the common ones. */
export const CONTENT_PREFIX = 'content-';

/** What a valid page form yields: the revision snapshot and the schedule. */
export interface PageFormData {
  snapshot: RevisionSnapshot;
  goLiveAt: Date | null;
  expireAt: Date | null;
}

/** A refused page form's problems, with those of each StreamField's blocks keyed by form name. */
export interface StreamFormProblems extends FormProblems {
  streamErrors: Record<string, StreamErrors>;
}

/** The outcome of reading a page form. */
export type PageFormResult = { ok: true; data: PageFormData } | ({ ok: false } & StreamFormProblems);

/**
 * How to read: autosaved drafts skip the blocks' own validation (publish checks it); `now`
 * judges the schedule, typed in the editor's `timeZone`.
 */
export interface ReadOptions {
  validateBlocks: boolean;
  now: Date;
  timeZone: string;
}

// datetime-local inputs carry no zone: they are wall-clock times in the editor's own zone.
const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d(\.\d+)?)?$/;

function scheduleField(timeZone: string) {
  return z
    .string()
    .trim()
    .default('')
    .transform((value, ctx) => {
      if (value === '') return null;
      const match = DATE_TIME_LOCAL.exec(value);
      if (!match || !isCalendarDate(match[1]!)) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid date and time.' });
        return z.NEVER;
      }
      return zonedInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]), timeZone);
    });
}

/** A datetime-local value for a date, as the wall-clock time in `timeZone`, or ''. */
export function toDateTimeLocal(date: Date | null, timeZone: string): string {
  if (!date) return '';
  const { date: day, minutes } = localClock(date, timeZone);
  return `${day}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function formValueOf(field: AdminField, value: unknown): string | boolean {
  if (field.kind === 'boolean') return value === true;
  if (field.kind === 'stream') return JSON.stringify(value ?? []);
  return value === undefined || value === null ? '' : String(value);
}

/** The form values of a page as it is in its latest revision (or live fields). */
export function pageFormValues(pageType: PageTypeDefinition, snapshot: RevisionSnapshot, timeZone: string, page?: Page): Record<string, unknown> {
  const values: Record<string, unknown> = {
    title: snapshot.title,
    slug: snapshot.slug,
    seo_title: snapshot.seo_title,
    search_description: snapshot.search_description,
    show_in_menus: snapshot.show_in_menus,
    go_live_at: toDateTimeLocal(page?.go_live_at ?? null, timeZone),
    expire_at: toDateTimeLocal(page?.expire_at ?? null, timeZone),
  };
  for (const field of pageType.adminFields) values[CONTENT_PREFIX + field.name] = formValueOf(field, snapshot.content[field.name]);
  return values;
}

/** The type's fields as the template draws them, with what was typed and their errors. */
export function contentFieldsForTemplate(pageType: PageTypeDefinition, problems: FormProblems, editorConfigs: ReadonlyMap<string, string> = new Map()) {
  return pageType.adminFields.map((field) => {
    const name = CONTENT_PREFIX + field.name;
    const value = problems.values[name];
    return {
      ...field,
      name,
      value,
      checked: value === true || value === 'on',
      errors: problems.errors[name],
      isStream: field.kind === 'stream',
      editorConfig: editorConfigs.get(name),
      isLongText: field.kind === 'textarea' || field.kind === 'rich_text',
      isBoolean: field.kind === 'boolean',
      isSelect: field.kind === 'select',
      inputType: field.kind === 'number' ? 'number' : field.kind === 'url' ? 'url' : 'text',
    };
  });
}

/**
 * A submitted stream as the editor holds it: blocks typed without an id (by hand, or by an
 * older form) get one by position, so each problem can name its block.
 */
export function streamBlocksOf(value: unknown): StreamValue {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown, index) => {
    const block = streamBlockSchema.safeParse(item && typeof item === 'object' ? { id: `block-${index + 1}`, ...item } : item);
    return block.success ? [block.data] : [];
  });
}

/**
 * The page types' stream schemas accept any block so that one bad block never takes a live
 * page down; an editor saving must still hear about unknown types and invalid values, nested
 * blocks included (the StreamField editor's own validation), each beside its field.
 */
function streamProblems(blocks: StreamValue): { errors: StreamErrors; summary: string[] } {
  const errors = validateStream(blocks);
  const locations = blockLocations(blocks);
  const summary = Object.entries(errors).flatMap(([id, problems]) => {
    const block = locations.get(id);
    const type = block ? gettext(BLOCKS[block.type]?.label ?? block.type) : gettext('Unknown block');
    const where = !block ? type : block.nested ? interpolate('{type} (inside block {n})', { type, n: block.position }) : interpolate('{type} (block {n})', { type, n: block.position });
    return problems.map((problem) => {
      const field = block && problem.path.length > 0 ? fieldPathLabel(block.type, problem.path) : '';
      return field ? `${where}, ${field}: ${problem.message}` : `${where}: ${problem.message}`;
    });
  });
  return { errors, summary };
}

function readContentField(field: AdminField, raw: unknown, problems: StreamFormProblems, options: ReadOptions): unknown {
  const name = CONTENT_PREFIX + field.name;
  const text = typeof raw === 'string' ? raw : '';
  switch (field.kind) {
    case 'boolean':
      return raw === 'on' || raw === 'true';
    case 'number':
      return text.trim() === '' ? undefined : Number(text);
    case 'stream':
      try {
        const parsed: unknown = text.trim() === '' ? [] : JSON.parse(text);
        if (!options.validateBlocks) return parsed;
        const blocks = Array.isArray(parsed) ? streamBlocksOf(parsed) : parsed;
        if (!Array.isArray(blocks)) return blocks;
        const { errors, summary } = streamProblems(blocks);
        if (summary.length === 0) return blocks;
        problems.streamErrors[name] = errors;
        (problems.errors[name] ??= []).push(gettext('Some blocks need attention; each problem is shown beside its field below.'));
        for (const message of summary) addProblem(problems, undefined, message);
        return blocks;
      } catch {
        addProblem(problems, name, gettext('Enter valid JSON: a list of blocks like [{"type": "heading", "value": {...}}].'));
        return undefined;
      }
    case 'rich_text':
      // Stored sanitized, so nothing unsafe waits in the database for a template to forget it.
      return sanitizeRichText(text);
    default:
      return text;
  }
}

/**
 * Reads the edit form: common fields by the revision schema, the type's fields by its zod
 * schema (over the current content, so fields the form does not show are kept), the schedule.
 * Errors land beside their field; what was typed comes back in `values`.
 */
export function readPageForm(pageType: PageTypeDefinition, body: Record<string, unknown>, currentContent: Record<string, unknown>, options: ReadOptions): PageFormResult {
  const values: Record<string, unknown> = { ...body, show_in_menus: body.show_in_menus === 'on' };
  delete values.csrfmiddlewaretoken;
  for (const field of pageType.adminFields) if (field.kind === 'boolean') values[CONTENT_PREFIX + field.name] = body[CONTENT_PREFIX + field.name] === 'on';
  const problems: StreamFormProblems = { ...emptyProblems(values), streamErrors: {} };

  const content: Record<string, unknown> = { ...currentContent };
  for (const field of pageType.adminFields) content[field.name] = readContentField(field, body[CONTENT_PREFIX + field.name], problems, options);
  const fields = pageType.fields.safeParse(content);
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const [first, ...rest] = issue.path.map(String);
      const known = pageType.adminFields.some((field) => field.name === first) && !problems.errors[CONTENT_PREFIX + first];
      const where = rest.length > 0 ? ` (${rest.join(' › ')})` : '';
      addProblem(problems, known ? CONTENT_PREFIX + first : undefined, `${issue.message}${where}`);
    }
  }

  const common = revisionSnapshotSchema.omit({ content: true }).safeParse({
    title: body.title ?? '',
    slug: body.slug ?? '',
    seo_title: body.seo_title ?? '',
    search_description: body.search_description ?? '',
    show_in_menus: values.show_in_menus,
  });
  if (!common.success) for (const issue of common.error.issues) addProblem(problems, String(issue.path[0]), issue.message);
  const schedule = z.object({ go_live_at: scheduleField(options.timeZone), expire_at: scheduleField(options.timeZone) }).safeParse({ go_live_at: body.go_live_at, expire_at: body.expire_at });
  if (!schedule.success) for (const issue of schedule.error.issues) addProblem(problems, String(issue.path[0]), issue.message);
  else for (const problem of scheduleProblems({ goLiveAt: schedule.data.go_live_at, expireAt: schedule.data.expire_at }, options.now)) addProblem(problems, problem.field, gettext(problem.message));

  if (problems.formErrors.length > 0 || !common.success || !schedule.success || !fields.success) return { ok: false, ...problems };
  return {
    ok: true,
    data: {
      snapshot: { ...common.data, content: fields.data as Record<string, unknown> },
      goLiveAt: schedule.data.go_live_at,
      expireAt: schedule.data.expire_at,
    },
  };
}
