import type { Request } from 'express';
import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { isCalendarDate } from '../../calendar-date';
import { zonedInstant } from '../../models/location-clock';

/** Messages beside the filters that could not be read; those filters are left out, as django-filter does. */
export type FilterErrors = Record<string, string[]>;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** The listing page asked for with `?p=` (Wagtail's page_kwarg); nonsense reads as the first. */
export function readPageNumber(req: Request): number {
  return pageNumber.parse(req.query.p);
}

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

/** The Previous / Next links of a listing (the filters kept) and "Page 2 of 5". */
export function paginationView(req: Request, page: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const link = (to: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(req.query)) {
      if (name === 'p') continue;
      for (const item of [value].flat()) if (typeof item === 'string') params.append(name, item);
    }
    if (to > 1) params.set('p', String(to));
    const query = params.toString();
    return query ? `?${query}` : `${req.baseUrl}${req.path}`;
  };
  return {
    previous: page > 1 ? link(Math.min(page, pageCount) - 1) : null,
    next: page < pageCount ? link(page + 1) : null,
    summary: interpolate('Page {current} of {count}', { current: Math.min(page, pageCount), count: pageCount }),
  };
}

/** Options of a select filter, the chosen one marked. */
export function selectOptions<T extends string | number>(options: ReadonlyArray<{ value: T; label: string }>, chosen: T | undefined) {
  return options.map((option) => ({ ...option, selected: option.value === chosen }));
}

/** Each item of an async sequence turned into a spreadsheet row. */
export async function* mapRows<Row, Out>(rows: AsyncIterable<Row>, toCells: (row: Row) => Out): AsyncGenerator<Out> {
  for await (const row of rows) yield toCells(row);
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
