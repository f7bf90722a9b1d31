/** The IANA time zones a user or the site may choose, UTC first (Intl leaves UTC out of its list). */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

const KNOWN = new Set(TIME_ZONES);

/** True for a zone in TIME_ZONES. */
export function isTimeZone(value: string): boolean {
  return KNOWN.has(value);
}
