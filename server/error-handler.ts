import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { DatabaseAvailability } from './db/database-availability';
import { CommitOutcomeUnknownError, DatabaseUnavailableError } from './db/database-unavailable-error';
import { HttpError, InsufficientStorageError, ServiceUnavailableError, TooManyRequestsError } from './errors';
import type { ReportError } from './error-reporting';
import { redactRequestUrl } from './redact-request-url';
import { escapeHtml } from './render';
import { ERROR_PAGE_STYLE } from './error-page-style';

/** The status an error asks for: ours, http-errors' (csrf-csrf, body-parser), else 500. */
function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (error && typeof error === 'object') {
    const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Page not found',
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Service unavailable',
  507: 'Insufficient storage',
};

/** Clear words for refusals whose library message is terse (body-parser's 'request entity too large'). */
const CLIENT_MESSAGES: Record<number, string> = {
  413: 'What you sent is too large. Please shorten it and try again.',
};

/** A self-contained error page: it must render even when the database or React cannot. */
function errorPage(status: number, message: string): string {
  const title = STATUS_TITLES[status] ?? 'Error';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${ERROR_PAGE_STYLE}</style></head><body><main><p class="status">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="/">Return to Homepage</a></main></body></html>`;
}

/** The database failure behind an error, wherever in its chain of causes it sits. */
function databaseFailureOf(error: unknown): DatabaseUnavailableError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof DatabaseUnavailableError) return current;
  }
  return undefined;
}

/** What an error answers: its status, the words a client is shown, and the headers beside them. */
export interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** What an error answer's logging and outage bookkeeping need of the request and the app. */
export interface ErrorContext {
  log: Logger;
  /** The request's address, as logs may show it (redacted). */
  url: string;
  reportError?: ReportError;
  availability?: DatabaseAvailability;
  /** The request only reads (GET, HEAD): whatever it may have written (a rate limit's count) is not what the visitor asked. */
  readOnly?: boolean;
}

/** What a visitor is told when the database went away while what they sent may have been saved. */
export const OUTCOME_UNKNOWN_MESSAGE =
  'We could not confirm that your request was saved. Please retry it in a moment with the same Idempotency-Key: if it was saved, the retry answers with what was saved instead of saving it twice.';

/**
 * The one place errors become answers: client errors keep their message, server errors are
 * logged with their stack, reported, and shown to the visitor without any detail. A database
 * that does not answer, wherever a query failed, is a 503 with Retry-After, and tells the
 * availability to probe so later requests are refused quickly; when what a write sent may have
 * been committed, the 503 says so. A refusal for too many requests says when to try again, too.
 */
export function errorAnswer(caught: unknown, { log, url, reportError, availability, readOnly = false }: ErrorContext): ErrorAnswer {
  const databaseFailure = databaseFailureOf(caught);
  if (databaseFailure) availability?.reportFailure(Date.now());
  const outcomeUnknown = databaseFailure instanceof CommitOutcomeUnknownError && !readOnly;
  const error = databaseFailure ? new ServiceUnavailableError(undefined, outcomeUnknown ? OUTCOME_UNKNOWN_MESSAGE : undefined, { cause: databaseFailure }) : caught;
  const status = statusOf(error);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  let message: string;
  if (error instanceof ServiceUnavailableError) {
    // Expected while the database is away; the availability logs the outage once, not per request.
    log.warn({ url, reason: error.cause instanceof Error ? error.cause.message : undefined }, 'Service unavailable');
    message = error.message;
  } else if (error instanceof InsufficientStorageError) {
    // Expected until space is freed; the media storage logs it once, not per request.
    message = error.message;
  } else if (status >= 500) {
    log.error({ err: error, url }, 'Request failed');
    reportError?.(error);
    message = 'We are sorry, something went wrong on our side. Please try again in a moment.';
  } else {
    message = error instanceof HttpError ? error.message : (CLIENT_MESSAGES[status] ?? (error instanceof Error ? error.message : 'The request could not be completed.'));
    log.info({ status, url, reason: message }, 'Request refused');
  }
  if (error instanceof ServiceUnavailableError || error instanceof TooManyRequestsError) headers['Retry-After'] = String(error.retryAfterSeconds);
  return { status, message, headers };
}

/** Errors as Express's responses: JSON for the APIs and clients that ask for it, else a page. */
export function errorHandler(logger: Logger, reportError?: ReportError, availability?: DatabaseAvailability): ErrorRequestHandler {
  return (caught: unknown, req, res, next) => {
    if (res.headersSent) return next(caught);
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    const { status, message, headers } = errorAnswer(caught, { log: req.log ?? logger, url: redactRequestUrl(req.originalUrl), reportError, availability, readOnly });
    res.status(status).set(headers);
    if (req.path.startsWith('/api') || req.accepts(['html', 'json']) === 'json') {
      res.json({ error: message });
    } else {
      res.type('html').send(errorPage(status, message));
    }
  };
}
