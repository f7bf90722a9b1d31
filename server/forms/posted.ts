/** What a form posted, typed as what it is: Express types `req.body` as `any`. */
import type { Request } from 'express';

/** The fields of a posted form (empty when none was posted). */
export function formBody(req: Request): Readonly<Record<string, unknown>> {
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}

/** Every value a form sent under one name (checkboxes, repeated selects), strings only. */
export function formValues(value: unknown): string[] {
  return [value ?? []].flat().filter((item): item is string => typeof item === 'string');
}
