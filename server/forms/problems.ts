/**
 * The outcome every form of the site is read into, the visitor forms' and the back office's
 * alike: the data, or problems keyed by field. Refusals found later (by an action, in the
 * database) carry their field (ValidationError's `field`), so no form guesses it from words.
 */
import type { z } from 'zod';
import { gettext } from '../../client/lib/i18n';
import { NON_FIELD_ERRORS, type FormErrors } from '../../client/lib/server-forms';
import { ConflictError, ValidationError } from '../errors';

/** A back-office form that failed: what was typed (so nothing is lost), errors per field, and every message for the summary at the top. */
export interface FormProblems {
  values: Record<string, unknown>;
  errors: FormErrors;
  formErrors: string[];
}

/** The outcome of reading a form: its data, or its problems (FormProblems in the back office, errors by field on the site). */
export type FormResult<Data, Problems extends { errors: FormErrors } = FormProblems> = { ok: true; data: Data } | ({ ok: false } & Problems);

/** A refusal a form shows in place of an error page: the rules (ValidationError) or the current state (ConflictError) said no. */
export type FormRefusal = ValidationError | ConflictError;

/** Whether an error is a refusal a form can show. */
export function isFormRefusal(error: unknown): error is FormRefusal {
  return error instanceof ValidationError || error instanceof ConflictError;
}

/** Whether an error is a refusal that names its field (or NON_FIELD_ERRORS): one meant for the form that asked. */
export function isFieldError(error: unknown): error is FormRefusal & { field: string } {
  return isFormRefusal(error) && error.field !== undefined;
}

/** Problems with nothing wrong yet, for forms that find errors after validation. */
export function emptyProblems(values: Record<string, unknown>): FormProblems {
  return { values, errors: {}, formErrors: [] };
}

/** Adds one message beside a field (and to the summary at the top), or to the top only (no field, or NON_FIELD_ERRORS). */
export function addProblem(problems: FormProblems, field: string | undefined, message: string): void {
  if (field && field !== NON_FIELD_ERRORS) (problems.errors[field] ??= []).push(message);
  problems.formErrors.push(message);
}

/** Problems holding one refusal beside the field it names, what was typed kept; any other error is rethrown. */
export function problemsFromError(error: unknown, values: Record<string, unknown>): FormProblems {
  if (!isFormRefusal(error)) throw error;
  const problems = emptyProblems(values);
  addProblem(problems, error.field, gettext(error.message));
  return problems;
}

/** Checks a submitted body with a zod schema, collecting each message beside its field for the template. */
export function parseForm<S extends z.ZodType>(schema: S, body: unknown): FormResult<z.output<S>> {
  const values = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
  delete values.csrfmiddlewaretoken;
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const problems = emptyProblems(values);
  for (const issue of parsed.error.issues) addProblem(problems, issue.path.length > 0 ? String(issue.path[0]) : undefined, gettext(issue.message));
  return { ok: false, ...problems };
}
