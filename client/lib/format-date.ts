const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/**
 * An ISO date ('2024-03-07', or a timestamp starting with one) as M.d.yy ('3.7.24', SPEC §9).
 * The calendar date is read from the text, not through Date, which would shift it by a day in
 * time zones behind UTC and make the server and the browser render different days.
 */
export function formatShortDate(iso: string): string {
  const match = ISO_DATE_PREFIX.exec(iso);
  if (!match) throw new RangeError(`Expected an ISO date such as 2024-03-07, not ${JSON.stringify(iso)}.`);
  const [, year, month, day] = match;
  return `${Number(month)}.${Number(day)}.${year!.slice(-2)}`;
}
