// zod/mini: the same checks as zod with a tree-shakable API, so every page's bundle stays small.
import * as z from 'zod/mini';

/** Where the CSRF token is fetched from (SPEC §7). */
export const CSRF_TOKEN_URL = '/api-nc/csrftoken/';
/** Where unsubscribe requests are posted (SPEC §7). */
export const UNSUBSCRIBE_URL = '/api/fcc/unsubscribe/';

/** The CSRF response of SPEC §3: `{csrf_token}`. */
export const csrfResponseSchema = z.object({ csrf_token: z.string().check(z.minLength(1)) });

/** The unsubscribe response of SPEC §3: `{isValid, errors}`. */
export const unsubscribeResponseSchema = z.object({ isValid: z.boolean(), errors: z.array(z.string()) });

/** What the unsubscribe endpoint answers. */
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/** One problem found in a response, as a path into the body and what was wrong there. */
export interface ShapeIssue {
  path: string;
  message: string;
}

/** A server answer that does not have the shape the caller expects (SPEC §5, §8). */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError';
  /** A readable account of every mismatch, one per line. */
  readonly report: string;

  constructor(
    readonly url: string,
    readonly issues: readonly ShapeIssue[],
  ) {
    const report = issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n');
    super(`The response from ${url} does not have the expected shape:\n${report}`);
    this.report = report;
  }
}

/** A server answer with a status the endpoint does not document, such as a 403 or 500. */
export class RequestFailedError extends Error {
  override name = 'RequestFailedError';

  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`The request to ${url} failed with status ${status}.`);
  }
}

/** GETs a fresh CSRF token; never cached, because the token must match the current cookie. */
export async function fetchCsrfToken(): Promise<string> {
  const response = await fetch(CSRF_TOKEN_URL, { cache: 'no-store', credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new RequestFailedError(CSRF_TOKEN_URL, response.status);
  return (await readShape(response, CSRF_TOKEN_URL, csrfResponseSchema)).csrf_token;
}

/**
 * Unsubscribes an address: fetches a CSRF token just before posting the form-encoded `Email`
 * (and `BroadLogId` when the visitor came from an email's link). A refused address answers
 * 400 with the same shape as success, so both are returned for the caller to show.
 */
export async function postUnsubscribe(email: string, broadLogId?: string): Promise<UnsubscribeResponse> {
  const token = await fetchCsrfToken();
  const body = new URLSearchParams({ Email: email });
  if (broadLogId) body.set('BroadLogId', broadLogId);
  const response = await fetch(UNSUBSCRIBE_URL, {
    method: 'POST',
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-CSRFToken': token },
    body,
  });
  if (!response.ok && response.status !== 400) throw new RequestFailedError(UNSUBSCRIBE_URL, response.status);
  return readShape(response, UNSUBSCRIBE_URL, unsubscribeResponseSchema);
}

/** Reads a JSON body and checks it against `schema` (zod or zod/mini); a mismatch raises ResponseShapeError. */
export async function readShape<T>(response: Response, url: string, schema: z.core.$ZodType<T>): Promise<T> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ResponseShapeError(url, [{ path: '(body)', message: `not JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) {
    throw new ResponseShapeError(
      url,
      parsed.error.issues.map((issue) => ({ path: issue.path.length ? issue.path.join('.') : '(root)', message: issue.message })),
    );
  }
  return parsed.data;
}
