import { errorReportingOptions } from '../client/lib/error-reporting';
import type { Config } from './config';

/** Sends an exception to the error tracker. */
export type ReportError = (error: unknown) => void;

/**
 * Starts server error reporting when SENTRY_DSN is set; the SDK is imported only then, so an
 * unconfigured process neither loads it nor contacts anyone.
 */
export async function startErrorReporting(config: Config): Promise<ReportError | undefined> {
  if (!config.SENTRY_DSN) return undefined;
  const sentry = await import('@sentry/node');
  sentry.init(errorReportingOptions({ dsn: config.SENTRY_DSN, commitSha: config.CI_COMMIT_SHA, refSlug: config.CI_COMMIT_REF_SLUG }));
  return (error) => sentry.captureException(error);
}
