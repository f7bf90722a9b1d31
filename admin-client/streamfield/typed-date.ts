/**
 * Reads a date as a person types it, for date fields whose browser has no date picker (or a
 * request without one): "2026-03-05", "3/5/2026" (month first, as the US back office writes
 * it) and "March 5, 2026" or "5 March 2026" all become "2026-03-05". Shared by the editor and
 * the server, so both accept the same things.
 */

/** What the date fields' help says they take. */
export const TYPED_DATE_FORMAT = 'YYYY-MM-DD, e.g. 2026-03-05 (3/5/2026 and March 5, 2026 work too)';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function monthNumber(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index < 0 ? null : index + 1;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // February 30 rolls over into March: refuse what the calendar does not have.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The ISO date (YYYY-MM-DD) of what was typed, or null when it is not a date. */
export function parseTypedDate(typed: string): string | null {
  const text = typed.trim().replace(/\s+/g, ' ');
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (match) return isoDate(Number(match[3]), Number(match[1]), Number(match[2]));
  match = /^([A-Za-z]+\.?) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(text);
  if (match) {
    const month = monthNumber(match[1]!);
    return month ? isoDate(Number(match[3]), month, Number(match[2])) : null;
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]+\.?),? (\d{4})$/.exec(text);
  if (match) {
    const month = monthNumber(match[2]!);
    return month ? isoDate(Number(match[3]), month, Number(match[1])) : null;
  }
  return null;
}
