import type { RequestHandler } from 'express';

/** A route path with and without its trailing slash: the API answers both (SPEC §7). */
export function bothSlashes(path: string): [string, string] {
  return [path, `${path}/`];
}

/**
 * Hands `handler` only the requests whose path starts with one of `prefixes` (in any case, as
 * Express routes match), and passes every other on at once: a router of a few fixed addresses
 * then costs the page views going past it one test instead of a walk through its routes.
 */
export function onlyUnder(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  const under = new RegExp(`^(?:${prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'i');
  return (req, res, next) => (under.test(req.path) ? handler(req, res, next) : next());
}
