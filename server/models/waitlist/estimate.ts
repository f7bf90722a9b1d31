/**
 * How long a party waits: tables free up at `tables / turnTimeMinutes` per minute, a party is
 * seated after the parties ahead of it, and large parties wait for tables to be joined.
 */

/** How a location turns tables. */
export interface TurnSettings {
  turnTimeMinutes: number;
  tables: number;
}

/** Estimates are shown in steps of this many minutes; finer would promise precision we lack. */
export const ESTIMATE_STEP_MINUTES = 5;
/** The party size the site's headline estimate is for (most parties are two). */
export const TYPICAL_PARTY_SIZE = 2;

function partySizeFactor(partySize: number): number {
  if (partySize > 6) return 1.5;
  if (partySize > 4) return 1.25;
  return 1;
}

/** Minutes until a party of `partySize` with `partiesAhead` parties before it is seated, rounded up to 5. */
export function estimateWaitMinutes(partiesAhead: number, partySize: number, { turnTimeMinutes, tables }: TurnSettings): number {
  const raw = (((partiesAhead + 1) * turnTimeMinutes) / tables) * partySizeFactor(partySize);
  return Math.max(ESTIMATE_STEP_MINUTES, Math.ceil(raw / ESTIMATE_STEP_MINUTES) * ESTIMATE_STEP_MINUTES);
}

/** The estimate as the site shows it: '25 min', '1 hr', '1 hr 15 min'. */
export function formatWait(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} hr ${rest} min` : `${hours} hr`;
}
