import { z } from 'zod';
import type { Db } from '../db/database';
import { pageTreeOutline } from '../models/page-listing';

export { databaseId } from '../db/database-id';

/** A form that failed: what was typed (so nothing is lost), errors per field and overall. */
export interface FormProblems {
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  formErrors: string[];
}

/** The outcome of checking a submitted form. */
export type FormResult<T> = { ok: true; data: T } | ({ ok: false } & FormProblems);

/** Checks a submitted body with a zod schema, collecting messages per field for the template. */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): FormResult<z.output<S>> {
  const values = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  delete values.csrfmiddlewaretoken;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems = emptyProblems(values);
  for (const issue of parsed.error.issues) addProblem(problems, issue.path.length > 0 ? String(issue.path[0]) : undefined, issue.message);
  return { ok: false, ...problems };
}

/** Problems with nothing wrong yet, for forms that find errors after validation. */
export function emptyProblems(values: Record<string, unknown>): FormProblems {
  return { values, errors: {}, formErrors: [] };
}

/** Adds one message beside a field (and to the summary at the top), or to the top only. */
export function addProblem(problems: FormProblems, field: string | undefined, message: string): void {
  if (field) (problems.errors[field] ??= []).push(message);
  problems.formErrors.push(message);
}

/** Every value a form sent under one name (checkboxes, repeated selects), strings only. */
export function formValues(value: unknown): string[] {
  return [value ?? []].flat().filter((item): item is string => typeof item === 'string');
}

/** Every page as a select option, indented by depth under 'Root', in tree order. */
export async function pageSelectOptions(db: Db): Promise<Array<{ id: number; label: string }>> {
  const outline = await pageTreeOutline(db);
  return outline.map((page) => ({ id: page.id, label: `${'— '.repeat(Math.max(0, page.depth - 1))}${page.depth === 1 ? 'Root' : page.draft_title}` }));
}
