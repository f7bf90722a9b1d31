import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { HttpError } from './errors';
import type { ReportError } from './error-reporting';
import { escapeHtml } from './render';

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
  413: 'Too large',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'Service unavailable',
};

/** Clear words for refusals whose library message is terse (body-parser's 'request entity too large'). */
const CLIENT_MESSAGES: Record<number, string> = {
  413: 'What you sent is too large. Please shorten it and try again.',
};

/** A self-contained error page: it must render even when the database or React cannot. */
function errorPage(status: number, message: string): string {
  const title = STATUS_TITLES[status] ?? 'Error';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#f5efe4;color:#1d2327;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1rem}h1{font-family:Georgia,serif;color:#0f2a3d;font-size:2.2rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#c8281e;color:#fff;font-weight:700;text-decoration:none;text-transform:uppercase;letter-spacing:.06em}</style></head><body><main><p style="font:700 4rem/1 Georgia,serif;color:#c8281e;margin:0">${status}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><a href="/">Return to Homepage</a></main></body></html>`;
}

/**
 * The one place errors become responses: client errors keep their message, server errors are
 * logged with their stack, reported, and shown to the visitor without any detail.
 */
export function errorHandler(logger: Logger, reportError?: ReportError): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = statusOf(error);
    const log = req.log ?? logger;
    let message: string;
    if (status >= 500) {
      log.error({ err: error, url: req.originalUrl }, 'Request failed');
      reportError?.(error);
      message = 'We are sorry, something went wrong on our side. Please try again in a moment.';
    } else {
      message = CLIENT_MESSAGES[status] ?? (error instanceof Error ? error.message : 'The request could not be completed.');
      log.info({ status, url: req.originalUrl, reason: message }, 'Request refused');
    }
    res.status(status).set('Cache-Control', 'no-store');
    if (req.path.startsWith('/api') || req.accepts(['html', 'json']) === 'json') {
      res.json({ error: message });
    } else {
      res.type('html').send(errorPage(status, message));
    }
  };
}
