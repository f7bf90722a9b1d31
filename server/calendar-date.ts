/** True for a YYYY-MM-DD date that exists on the calendar (2026-02-30 and 2099-13-45 do not). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // Month 13 parses to NaN (toISOString would throw) and February 30 rolls over into March.
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}
