/**
 * The add and edit forms of each snippet model: which fields the template draws (text, a page,
 * a StreamField), how the posted form becomes the model's fields, and the problems shown beside
 * each field when it is refused (what was typed comes back).
 */
import type { Request } from 'express';
import { gettext } from '../../client/lib/i18n';
import type { StreamErrors, StreamValue } from '../../admin-client/streamfield/schemas';
import { SNIPPET_FIELDS, type SnippetFields, type SnippetModel } from '../models/snippets/registry';
import type { SnippetObject } from '../models/snippets/store';
import { addProblem, emptyProblems, type FormProblems, type FormResult } from '../forms/problems';
import { streamBlocksOf, streamSummary } from './pages/page-form';
import { issueMessage, validateStream } from './stream-validation';

/** How the template draws one field. */
export interface SnippetFormField {
  name: string;
  label: string;
  kind: 'text' | 'page' | 'stream';
  required: boolean;
  help?: string;
  maxlength?: number;
}

/** Each model's fields in form order. Labels and help follow Wagtail's verbose names. */
export const SNIPPET_FORM_FIELDS: Record<SnippetModel, readonly SnippetFormField[]> = {
  toolbox_snippet: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxlength: 255 },
    { name: 'body', label: 'Body', kind: 'stream', required: false, help: 'The content pages show wherever this snippet is used.' },
  ],
  country: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxlength: 2, help: 'The two-letter ISO code the locations are stored with, e.g. US or CA.' },
    { name: 'printable_name', label: 'Printable name', kind: 'text', required: true, maxlength: 100, help: "As visitors read it: 'All {country} Locations'." },
    {
      name: 'root_url',
      label: 'Root URL',
      kind: 'text',
      required: false,
      maxlength: 255,
      help: "The country's own site address for ordering links, e.g. https://www.redharbor.ca. Leave empty to use this site.",
    },
  ],
  tiered_navigation: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxlength: 255, help: 'How editors find this navigation in choosers.' },
    { name: 'heading', label: 'Heading', kind: 'text', required: false, maxlength: 255, help: 'Shown above the links; a block may give its own.' },
    { name: 'root_page_id', label: 'Root page', kind: 'page', required: false, help: "The links are this page's children, and theirs. Empty: the site's root page." },
  ],
};

/** A model's fields as the form shows them: text as typed, a page id as digits, a stream as its blocks. */
export function formValuesOf(model: SnippetModel, fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    SNIPPET_FORM_FIELDS[model].map((field): [string, unknown] => {
      const value = fields[field.name];
      if (field.kind === 'stream') return [field.name, streamBlocksOf(value)];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** The values the form starts with when adding. */
export function emptyFormValues(model: SnippetModel): Record<string, unknown> {
  return formValuesOf(model, {});
}

/** The problems of a form, with the StreamField's per-block problems by field. */
export type SnippetFormProblems = FormProblems & { streamErrors: Record<string, StreamErrors> };

/** The result of reading a form: the fields to save, or the problems to show. */
export type SnippetFormResult<M extends SnippetModel> = FormResult<SnippetFields<M>, SnippetFormProblems>;

// The StreamField editor posts its blocks as JSON; anything else reads as no blocks.
function parsedBlocks(text: string): StreamValue {
  try {
    return streamBlocksOf(text.trim() === '' ? [] : JSON.parse(text));
  } catch {
    return [];
  }
}

function readValue(field: SnippetFormField, raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw : '';
  if (field.kind === 'stream') return parsedBlocks(text);
  if (field.kind === 'page') return /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : null;
  return text;
}

/** Reads a posted form into the model's fields, or the problems beside each field. */
export function readSnippetForm<M extends SnippetModel>(model: M, body: Request['body']): SnippetFormResult<M> {
  const posted = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const raw = Object.fromEntries(SNIPPET_FORM_FIELDS[model].map((field) => [field.name, readValue(field, posted[field.name])]));
  const problems: SnippetFormProblems = { ...emptyProblems(formValuesOf(model, raw)), streamErrors: {} };
  for (const field of SNIPPET_FORM_FIELDS[model]) {
    if (field.kind !== 'stream') continue;
    const errors = validateStream(raw[field.name] as StreamValue);
    if (Object.keys(errors).length === 0) continue;
    problems.streamErrors[field.name] = errors;
    (problems.errors[field.name] ??= []).push(gettext('Some blocks need attention; each problem is shown beside its field below.'));
    for (const message of streamSummary(raw[field.name] as StreamValue, errors)) addProblem(problems, undefined, message);
  }
  const parsed = SNIPPET_FIELDS[model].safeParse(raw);
  if (!parsed.success) for (const issue of parsed.error.issues) addProblem(problems, String(issue.path[0] ?? ''), gettext(issueMessage(issue)));
  if (!parsed.success || problems.formErrors.length > 0) return { ok: false, ...problems };
  return { ok: true, data: parsed.data as SnippetFields<M> };
}

/** The form's values for an existing object (edit) or one to copy. */
export function objectFormValues(model: SnippetModel, object: SnippetObject): Record<string, unknown> {
  return formValuesOf(model, object.fields);
}
