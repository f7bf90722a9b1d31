import type { RequestHandler } from 'express';
import { NotFoundError, ValidationError } from './errors';

const NUL = '\u0000';

/** Why a request holding a NUL character is refused. */
export const NUL_REFUSAL = 'The request holds a NUL character, which no field accepts.';

/** Whether a string, or any key or string inside a parsed body, holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  // A stack, not recursion: a 100 kB JSON body can nest deeper than the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes(NUL)) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The path with its percent-escapes decoded; undefined when they are malformed. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * Refuses NUL characters in the path (404), query, cookies and body (400) before anything
 * reads them: PostgreSQL cannot store or compare text holding one and fails the query.
 */
export function refuseNulBytes(): RequestHandler {
  return function refuseNul(req, _res, next) {
    if (decodedPath(req.path)?.includes(NUL)) throw new NotFoundError('There is nothing at this address.');
    if (holdsNul(req.query) || holdsNul(req.cookies) || holdsNul(req.body)) {
      throw new ValidationError(NUL_REFUSAL);
    }
    next();
  };
}
