/** SPEC §9: error sampling rate, for the server and the browser alike. */
export const ERROR_SAMPLE_RATE = 0.01;

/** Sentry options derived from the page context (browser) or config (server). */
export function errorReportingOptions(settings: { dsn: string; commitSha: string; refSlug: string }) {
  return {
    dsn: settings.dsn,
    sampleRate: ERROR_SAMPLE_RATE,
    release: settings.commitSha || undefined,
    environment: settings.refSlug || undefined,
    initialScope: { tags: { commit: settings.commitSha || 'unknown' } },
  };
}
