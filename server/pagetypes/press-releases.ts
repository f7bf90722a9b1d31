import { z } from 'zod';
import type { PressArticleLink, PressSectionLink } from '../../client/templates/PressReleaseList';
import { imageRefSchema } from '../blocks/references';
import type { Page } from '../db/schema';
import { publicListablePages } from '../models/public-pages';
import { pageUrlWithinSite } from '../site-chrome';
import { relatedPageOfType } from './related-pages';
import type { PageTypeContext } from './types';

/** Page type names of the press pages, which find one another through the tree. */
export const PRESS_SECTION_PAGE_TYPE = 'press_section_page';
/** The page type of the paged list of press releases. */
export const PRESS_RELEASE_LIST_PAGE_TYPE = 'press_release_list_page';
/** The page type of one press release. */
export const PRESS_RELEASE_PAGE_TYPE = 'press_release_page';

/** The content fields of a press release. */
export const pressReleaseFieldsSchema = z.object({
  /** The publication date; when left empty the date it was first published stands in. */
  date: z.iso.date().nullable().default(null).meta({ help_text: 'Left empty, the date it was first published is shown.' }),
  feature_image: imageRefSchema.nullable().default(null),
  /** Rich text HTML. */
  body: z.string().default('').meta({ widget: 'rich_text' }),
});

/** A press release's fields as stored. */
export type PressReleaseFields = z.output<typeof pressReleaseFieldsSchema>;

/** A live press release with its parsed fields and the date it is shown and sorted by. */
export interface PressReleaseEntry {
  page: Page;
  fields: PressReleaseFields;
  date: string;
}

/** The date a press release shows: its own, else the day it was first published (UTC). */
export function publicationDate(page: Page, fields: PressReleaseFields): string {
  if (fields.date) return fields.date;
  const published = page.first_published_at ?? page.last_published_at ?? page.latest_revision_created_at;
  if (!published) throw new Error(`Press release ${page.id} has neither a date nor a publication time`);
  return published.toISOString().slice(0, 10);
}

/** A press release as a link: the shape lists show. */
export function pressArticleLink(entry: PressReleaseEntry, context: PageTypeContext): PressArticleLink {
  return { id: entry.page.id, url: pageUrlWithinSite(entry.page, context.siteRoot), title: entry.page.title, date: entry.date };
}

/**
 * The press releases among `pages`, newest first; of two on the same day, the one added to the tree later comes first.
 * One with invalid content is logged and left out, so it cannot take the list down.
 */
function newestFirst(pages: Page[], context: PageTypeContext): PressReleaseEntry[] {
  const entries: PressReleaseEntry[] = [];
  for (const page of pages) {
    const fields = pressReleaseFieldsSchema.safeParse(page.content);
    if (!fields.success) {
      context.logger.warn({ pageId: page.id, issues: fields.error.issues }, 'Press release with invalid content left out of a list');
      continue;
    }
    entries.push({ page, fields: fields.data, date: publicationDate(page, fields.data) });
  }
  return entries.sort((a, b) => b.date.localeCompare(a.date) || b.page.path.localeCompare(a.page.path));
}

/** The public press releases directly under a list page, newest first. */
export async function pressReleasesOf(listPage: Page, context: PageTypeContext): Promise<PressReleaseEntry[]> {
  return newestFirst(await publicPressReleases(listPage, 1, context), context);
}

/** Every public press release anywhere below a page (a press section's lists), newest first. */
export async function pressReleasesBelow(ancestor: Page, context: PageTypeContext): Promise<PressReleaseEntry[]> {
  return newestFirst(await publicPressReleases(ancestor, undefined, context), context);
}

function publicPressReleases(under: Page, levels: number | undefined, context: PageTypeContext): Promise<Page[]> {
  return publicListablePages(context.db, { siteRoot: context.siteRoot, under, levels, pageTypes: [PRESS_RELEASE_PAGE_TYPE] });
}

/**
 * The press section a press page belongs to: its nearest press section ancestor, else the
 * site's first live press section, else null.
 */
export async function findPressSection(page: Page, context: PageTypeContext): Promise<PressSectionLink | null> {
  const section = await relatedPageOfType(page, PRESS_SECTION_PAGE_TYPE, context);
  return section ? { url: pageUrlWithinSite(section, context.siteRoot), title: section.title } : null;
}
