import { init } from '@sentry/browser';
import { errorReportingOptions } from './error-reporting';
import type { PageContext } from './page-data';

/** Starts browser error reporting; loaded as its own chunk only when a DSN is configured. */
export function startErrorReporting(context: Pick<PageContext, 'SENTRY_DSN' | 'CI_COMMIT_SHA' | 'CI_COMMIT_REF_SLUG'>): void {
  if (!context.SENTRY_DSN) return;
  init(errorReportingOptions({ dsn: context.SENTRY_DSN, commitSha: context.CI_COMMIT_SHA, refSlug: context.CI_COMMIT_REF_SLUG }));
}
