import type { RequestHandler } from 'express';
import { NotFoundError, ValidationError } from './errors';

const NUL = '\u0000';

/** Why a request holding a NUL character is refused. */
export const NUL_REFUSAL = 'The request holds a NUL character, which no field accepts.';

/** How deep a parsed body may nest: far beyond any form or API body, far below the call stack. */
export const MAX_BODY_DEPTH = 64;

/** Why a request whose body nests deeper than MAX_BODY_DEPTH is refused. */
export const DEPTH_REFUSAL = `The request body nests deeper than ${MAX_BODY_DEPTH} levels, which no form or API accepts.`;

/**
 * Why a parsed value cannot be handed to the handlers, or undefined when it can: a NUL in a key
 * or string, or nesting past MAX_BODY_DEPTH (anything that turns such a value into text, even
 * `Number(value)` on an array, recurses once a level and overflows the stack).
 */
export function inputRefusal(value: unknown): string | undefined {
  // A stack, not recursion: a 100 kB JSON body can nest deeper than the call stack.
  const pending: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return NUL_REFUSAL;
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_BODY_DEPTH) return DEPTH_REFUSAL;
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes(NUL)) return NUL_REFUSAL;
        pending.push({ item: inner, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Whether a string, or any key or string inside a parsed value, holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  return inputRefusal(value) === NUL_REFUSAL;
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
 * reads them: PostgreSQL cannot store or compare text holding one and fails the query. A body
 * nested past MAX_BODY_DEPTH is refused too (400).
 */
export function refuseNulBytes(): RequestHandler {
  return function refuseNul(req, _res, next) {
    if (decodedPath(req.path)?.includes(NUL)) throw new NotFoundError('There is nothing at this address.');
    const refusal = inputRefusal(req.query) ?? inputRefusal(req.cookies) ?? inputRefusal(req.body);
    if (refusal) throw new ValidationError(refusal);
    next();
  };
}
