import { gettext } from '../../../client/lib/i18n';
import type { Page } from '../../db/schema';
import { pageStatusString, type StatusFields } from '../../models/reports-pages';
import { PAGE_TYPES } from '../../pagetypes';

/** A page type's label as the admin shows it ("Contact us page"); an unknown type keeps its name. */
export function pageTypeLabel(pageType: string): string {
  const definition = PAGE_TYPES[pageType];
  return definition ? gettext(definition.label) : pageType;
}

/** A page's status phrase, translated (Wagtail's status_string). */
export function pageStatus(page: StatusFields, now: Date): string {
  return gettext(pageStatusString(page, now));
}

/** The page's edit screen. */
export function pageEditUrl(pageId: number): string {
  return `/wagtail/pages/${pageId}/edit/`;
}

/** The page type choices of a filter, by label. */
export function pageTypeOptions(): Array<{ value: string; label: string }> {
  return Object.keys(PAGE_TYPES)
    .map((value) => ({ value, label: pageTypeLabel(value) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** What the page reports read of a page for their shared columns. */
export type ReportPage = StatusFields & Pick<Page, 'id' | 'title' | 'page_type'>;
