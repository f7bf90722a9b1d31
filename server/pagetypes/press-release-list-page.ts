import { z } from 'zod';
import type { PressReleaseListProps } from '../../client/templates/PressReleaseList';
import { pageUrlWithinSite } from '../site-chrome';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { findPressSection, PRESS_RELEASE_LIST_PAGE_TYPE, PRESS_SECTION_PAGE_TYPE, pressArticleLink, pressReleasesOf } from './press-releases';
import { definePageType } from './types';

/** Press releases per list page (SPEC §2 item 11). */
export const PRESS_RELEASES_PER_PAGE = 10;

/**
 * The page a `page` query parameter asks for, within 1..pageCount. Like Django's
 * Paginator.get_page: anything but digits means page 1, and a number past the end means the
 * last page, so an old or mistyped link still shows releases rather than an error.
 */
function requestedPage(raw: string | undefined, pageCount: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) return 1;
  return Math.min(Math.max(Number(raw), 1), pageCount);
}

/** The paged list of the press releases below it, newest first. */
export const pressReleaseListPage = definePageType({
  name: PRESS_RELEASE_LIST_PAGE_TYPE,
  label: 'Press release list',
  template: 'press release list',
  fields: z.object({}),
  parentTypes: [PRESS_SECTION_PAGE_TYPE, ...CONTENT_PARENT_TYPES],
  async getProps(page, _fields, context): Promise<PressReleaseListProps> {
    const [releases, pressSection] = await Promise.all([pressReleasesOf(page, context), findPressSection(page, context)]);
    // An empty list still has one (empty) page, as Django's paginator allows.
    const pageCount = Math.max(1, Math.ceil(releases.length / PRESS_RELEASES_PER_PAGE));
    const current = requestedPage(context.query.page, pageCount);
    const start = (current - 1) * PRESS_RELEASES_PER_PAGE;
    return {
      url: pageUrlWithinSite(page, context.siteRoot),
      articles: releases.slice(start, start + PRESS_RELEASES_PER_PAGE).map((entry) => pressArticleLink(entry, context)),
      num_pages: pageCount,
      current_page: current,
      press_section: pressSection,
    };
  },
});
