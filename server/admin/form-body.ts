import type { Request } from 'express';

/** The fields of a posted form (empty when none was posted), typed as what they are: Express types `req.body` as `any`. */
export function formBody(req: Request): Readonly<Record<string, unknown>> {
  return req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
}
