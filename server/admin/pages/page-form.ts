import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { encodeFieldValue } from '../../../admin-client/streamfield/form-values';
import { streamBlockSchema, type FieldError, type FieldNode, type StreamErrors, type StreamValue } from '../../../admin-client/streamfield/schemas';
import { parseTypedDate, TYPED_DATE_FORMAT } from '../../../admin-client/streamfield/typed-date';
import { BLOCKS } from '../../blocks/index';
import { pageTypeFields } from '../block-definitions';
import { blockLocations, fieldPathLabel, issueMessage, validateStream } from '../stream-validation';
import type { Page } from '../../db/schema';
import { revisionSnapshotSchema, scheduleProblems, type RevisionSnapshot } from '../../models/pages';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { sanitizeRichText } from '../../rich-text';
import { addProblem, emptyProblems, type FormProblems, type FormResult } from '../../forms/problems';
import { scheduleField, toDateTimeLocal } from './schedule-fields';

/** Prefix of the form names of a page type's own fields, apart from the common ones. */
export const CONTENT_PREFIX = 'content-';

/** What a valid page form yields: the revision snapshot and the schedule. */
export interface PageFormData {
  snapshot: RevisionSnapshot;
  goLiveAt: Date | null;
  expireAt: Date | null;
}

/**
 * A refused page form's problems: those of each StreamField's blocks and those inside each
 * other field (a list item's link, say), keyed by form name, for the editors to show in place.
 */
export interface StreamFormProblems extends FormProblems {
  streamErrors: Record<string, StreamErrors>;
  fieldErrors: Record<string, FieldError[]>;
}

/** The outcome of reading a page form. */
export type PageFormResult = FormResult<PageFormData, StreamFormProblems>;

/**
 * How to read: autosaved drafts skip the blocks' own validation (publish checks it); `now`
 * judges the schedule, typed in the editor's `timeZone`.
 */
export interface ReadOptions {
  validateBlocks: boolean;
  now: Date;
  timeZone: string;
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
  for (const node of pageTypeFields(pageType)) values[CONTENT_PREFIX + node.name] = encodeFieldValue(node, snapshot.content[node.name]);
  return values;
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
  return { errors, summary: streamSummary(blocks, errors) };
}

/** Each block problem in words for the summary at the top: which block, which field, what is wrong. */
export function streamSummary(blocks: StreamValue, errors: StreamErrors): string[] {
  const locations = blockLocations(blocks);
  return Object.entries(errors).flatMap(([id, problems]) => {
    const block = locations.get(id);
    const type = block ? gettext(BLOCKS[block.type]?.label ?? block.type) : gettext('Unknown block');
    const where = !block ? type : block.nested ? interpolate('{type} (inside block {n})', { type, n: block.position }) : interpolate('{type} (block {n})', { type, n: block.position });
    return problems.map((problem) => {
      const field = block && problem.path.length > 0 ? fieldPathLabel(block.type, problem.path) : '';
      return field ? `${where}, ${field}: ${problem.message}` : `${where}: ${problem.message}`;
    });
  });
}

// A StreamField as JSON; on a real save each block is checked as its editor would.
function readStream(name: string, text: string, problems: StreamFormProblems, options: ReadOptions): unknown {
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? [] : JSON.parse(text);
  } catch {
    addProblem(problems, name, gettext('Enter valid JSON: a list of blocks like [{"type": "heading", "value": {...}}].'));
    return undefined;
  }
  if (!options.validateBlocks || !Array.isArray(parsed)) return parsed;
  const blocks = streamBlocksOf(parsed);
  const { errors, summary } = streamProblems(blocks);
  if (summary.length === 0) return blocks;
  problems.streamErrors[name] = errors;
  (problems.errors[name] ??= []).push(gettext('Some blocks need attention; each problem is shown beside its field below.'));
  for (const message of summary) addProblem(problems, undefined, message);
  return blocks;
}

/** The labels a path inside a field walks through ("Columns › 2 › Links › 1 › URL"). */
export function pathLabel(node: FieldNode, path: ReadonlyArray<string | number>): string {
  const labels = [gettext(node.label)];
  let current: FieldNode | undefined = node;
  for (const step of path) {
    if (typeof step === 'number' && current?.kind === 'list') {
      labels.push(String(step + 1));
      current = current.item;
    } else {
      current = current?.kind === 'struct' ? current.children.find((child) => child.name === step) : undefined;
      labels.push(current ? gettext(current.label) : String(step));
    }
  }
  return labels.join(' › ');
}

/** Puts a problem inside a page field beside that field, and its path's words in the summary. */
export function addFieldProblem(problems: StreamFormProblems, node: FieldNode, path: ReadonlyArray<string | number>, message: string): void {
  const name = CONTENT_PREFIX + node.name;
  (problems.fieldErrors[name] ??= []).push({ path: [...path], message });
  (problems.errors[name] ??= []).push(path.length > 0 ? `${pathLabel(node, path).split(' › ').slice(1).join(' › ')}: ${message}` : message);
  problems.formErrors.push(`${pathLabel(node, path)}: ${message}`);
}

// The date message names what was typed and what is expected, so the fix is obvious.
function dateProblem(typed: string): string {
  return interpolate('“{typed}” is not a date. Enter it as {format}.', { typed, format: TYPED_DATE_FORMAT });
}

/**
 * A field's value as stored: rich text reduced to the allowlist (so nothing unsafe waits in
 * the database for a template to forget it), dates as typed read into ISO, inside structs and
 * lists alike. What cannot be read is kept as typed, with a problem beside it.
 */
function cleanValue(node: FieldNode, value: unknown, path: Array<string | number>, report: (path: Array<string | number>, message: string) => void): unknown {
  switch (node.kind) {
    case 'rich_text':
      return typeof value === 'string' ? sanitizeRichText(value) : value;
    case 'date': {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return node.nullable ? null : '';
      const iso = parseTypedDate(value);
      if (!iso) report(path, dateProblem(value));
      return iso ?? value;
    }
    case 'struct': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const struct = { ...(value as Record<string, unknown>) };
      for (const child of node.children) if (child.name in struct) struct[child.name] = cleanValue(child, struct[child.name], [...path, child.name], report);
      return struct;
    }
    case 'list':
      return Array.isArray(value) ? value.map((item, index) => cleanValue(node.item, item, [...path, index], report)) : value;
    default:
      return value;
  }
}

// A number typed as something else is kept as typed, so the schema's message names it.
function numberOf(text: string, nullable: boolean): unknown {
  if (text.trim() === '') return nullable ? null : undefined;
  const number = Number(text.trim());
  return Number.isFinite(number) ? number : text;
}

/** One non-stream field from its form value (see admin-client/streamfield/form-values.ts). */
function readField(node: FieldNode, raw: unknown, problems: StreamFormProblems): unknown {
  const text = typeof raw === 'string' ? raw : '';
  let value: unknown;
  switch (node.kind) {
    case 'boolean':
      return raw === 'on' || raw === 'true';
    case 'number':
    case 'chooser':
      return numberOf(text, node.nullable);
    case 'struct':
    case 'list':
      try {
        value = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        addFieldProblem(problems, node, [], gettext('This field was not sent in a form the editor can read; reload the page and try again.'));
        return undefined;
      }
      break;
    case 'select':
      value = text === '' && node.nullable ? null : text;
      break;
    default:
      value = text;
  }
  return cleanValue(node, value, [], (path, message) => addFieldProblem(problems, node, path, message));
}

function parsedJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The content a form's values hold, as the editors show it: read as a save reads it (rich text
 * sanitized, dates made ISO where they can be) without judging it, so what was typed stays.
 */
export function formContent(pageType: PageTypeDefinition, values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const scratch: StreamFormProblems = { ...emptyProblems({}), streamErrors: {}, fieldErrors: {} };
  return Object.fromEntries(
    pageTypeFields(pageType).map((node) => {
      const raw = values[CONTENT_PREFIX + node.name];
      return [node.name, node.kind === 'stream' ? parsedJson(raw) : readField(node, raw, scratch)];
    }),
  );
}

/**
 * Reads the edit form: common fields by the revision schema, the type's fields by its zod
 * schema (over the current content, so fields the form does not show are kept), the schedule.
 * Errors land beside their field; what was typed comes back in `values`.
 */
export function readPageForm(pageType: PageTypeDefinition, body: Record<string, unknown>, currentContent: Record<string, unknown>, options: ReadOptions): PageFormResult {
  const values: Record<string, unknown> = { ...body, show_in_menus: body.show_in_menus === 'on' };
  delete values.csrfmiddlewaretoken;
  const problems: StreamFormProblems = { ...emptyProblems(values), streamErrors: {}, fieldErrors: {} };
  const nodes = pageTypeFields(pageType);

  const content: Record<string, unknown> = { ...currentContent };
  for (const node of nodes) {
    const name = CONTENT_PREFIX + node.name;
    // A field the form did not send keeps its value (a form of an older version of the type).
    if (!(name in body) && node.kind !== 'boolean') continue;
    content[node.name] = node.kind === 'stream' ? readStream(name, typeof body[name] === 'string' ? body[name] : '', problems, options) : readField(node, body[name], problems);
  }
  const fields = pageType.fields.safeParse(content);
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const [first, ...rest] = issue.path.filter((step): step is string | number => typeof step !== 'symbol');
      const node = nodes.find((each) => each.name === first);
      const name = CONTENT_PREFIX + String(first);
      // One problem per field: a value already refused (a date that is no date) says why once.
      if (!node || node.kind === 'stream') addProblem(problems, node && !problems.errors[name] ? name : undefined, issue.message);
      else if (!problems.fieldErrors[name]?.some((known) => known.path.join('.') === rest.join('.'))) addFieldProblem(problems, node, rest, gettext(issueMessage(issue)));
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
  const schedule = z
    .object({ go_live_at: scheduleField(options.timeZone), expire_at: scheduleField(options.timeZone) })
    .safeParse({ go_live_at: body.go_live_at, expire_at: body.expire_at });
  if (!schedule.success) for (const issue of schedule.error.issues) addProblem(problems, String(issue.path[0]), issue.message);
  else
    for (const problem of scheduleProblems({ goLiveAt: schedule.data.go_live_at, expireAt: schedule.data.expire_at }, options.now))
      addProblem(problems, problem.field, gettext(problem.message));

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
