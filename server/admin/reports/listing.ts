import type { Request } from 'express';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { isCalendarDate } from '../../calendar-date';
import { zonedInstant } from '../../models/location-clock';
import type { FilterErrors } from '../generic/listing';

/** One query value as text (the last of a repeated name), trimmed; '' when absent. */
export function queryText(req: Request, name: string, max = 200): string {
  const value = [req.query[name]].flat().at(-1);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/** A day (YYYY-MM-DD) from the query, or undefined; a value that is not a real day gets a message beside its field. */
export function readDay(req: Request, name: string, errors: FilterErrors): string | undefined {
  const value = queryText(req, name, 40);
  if (!value) return undefined;
  if (isCalendarDate(value)) return value;
  (errors[name] ??= []).push(gettext('Enter a valid date.'));
  return undefined;
}

/** One of `allowed` from the query, or undefined; anything else gets a message beside its field. */
export function readChoice<T extends string>(req: Request, name: string, allowed: readonly T[], errors: FilterErrors): T | undefined {
  const value = queryText(req, name);
  if (!value) return undefined;
  const found = allowed.find((choice) => choice === value);
  if (!found) (errors[name] ??= []).push(gettext('Select a valid choice. That choice is not one of the available choices.'));
  return found;
}

/** An id from the query that must be one of `allowed`, or undefined (with a message beside the field when it is not). */
export function readId(req: Request, name: string, allowed: readonly number[], errors: FilterErrors): number | undefined {
  const value = readChoice(req, name, allowed.map(String), errors);
  return value === undefined ? undefined : Number(value);
}

/**
 * The instants a day range covers where the user reads dates: from the first day's midnight to
 * the midnight after the last day (excluded), as Wagtail adds a day to date_to.
 */
export function dayRange(fromDay: string | undefined, toDay: string | undefined, timeZone: string): { from?: Date; until?: Date } {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    ...(fromDay ? { from: zonedInstant(fromDay, 0, timeZone) } : {}),
    ...(toDay ? { until: zonedInstant(nextDay(toDay), 0, timeZone) } : {}),
  };
}

/** Options of a select filter, the chosen one marked. */
export function selectOptions<T extends string | number>(options: ReadonlyArray<{ value: T; label: string }>, chosen: T | undefined) {
  return options.map((option) => ({ ...option, selected: option.value === chosen }));
}

/**
 * A date range filter as django-filter's DateFromToRangeFilter reads it (`{name}_after`,
 * `{name}_before`, days in the user's zone, both included): the instants it covers and its two
 * fields for the filter form.
 */
export function dateRangeFilter(req: Request, name: string, label: string, errors: FilterErrors, timeZone: string) {
  const after = readDay(req, `${name}_after`, errors);
  const before = readDay(req, `${name}_before`, errors);
  const field = (suffix: 'after' | 'before', words: string) => ({
    name: `${name}_${suffix}`,
    label: interpolate(words, { label }),
    type: 'date' as const,
    value: queryText(req, `${name}_${suffix}`, 40),
    errors: errors[`${name}_${suffix}`],
  });
  return { range: dayRange(after, before, timeZone), fields: [field('after', '{label}: from'), field('before', '{label}: to')] };
}

/** A yes/no filter ("Live"): true, false, or undefined for either. */
export function booleanFilter(req: Request, name: string, label: string, errors: FilterErrors) {
  const value = readChoice(req, name, ['true', 'false'] as const, errors);
  return {
    value: value === undefined ? undefined : value === 'true',
    field: {
      name,
      label,
      type: 'select' as const,
      emptyLabel: gettext('Unknown'),
      options: selectOptions(
        [
          { value: 'true', label: gettext('Yes') },
          { value: 'false', label: gettext('No') },
        ],
        value,
      ),
      errors: errors[name],
    },
  };
}
