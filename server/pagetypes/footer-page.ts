import type { FooterContent } from '../../client/lib/page-data';
import { footerContentSchema } from '../models/chrome-content';
import { sanitizeRichText } from '../rich-text';
import { definePageType } from './types';

/** The page type name of a site's footer page. */
export const FOOTER_PAGE_TYPE = 'footer_page';

/** A footer with nothing in it, for a site that has no footer page yet. */
export const EMPTY_FOOTER: FooterContent = { columns: [], social_media: [], use_old_twitter_logo: false, legal_text: '', region_nav: { regions: [] } };

/** Footer content ready for rendering: the legal text reduced to the rich text allowlist. */
export function footerProps(content: FooterContent): FooterContent {
  return { ...content, legal_text: sanitizeRichText(content.legal_text) };
}

/**
 * The site footer, edited as a page: the first live one under a site root is the footer of
 * every page, and of /blocks/footer/. Its own address shows it as a preview.
 */
export const footerPage = definePageType({
  name: FOOTER_PAGE_TYPE,
  label: 'Footer',
  template: 'footer',
  fields: footerContentSchema,
  adminFields: [
    { name: 'columns', label: 'Columns', kind: 'stream' },
    { name: 'social_media', label: 'Social media', kind: 'stream' },
    { name: 'use_old_twitter_logo', label: 'Show the older bird logo for Twitter', kind: 'boolean' },
    { name: 'legal_text', label: 'Legal text', kind: 'rich_text' },
    { name: 'region_nav', label: 'Region navigation', kind: 'stream' },
  ],
  parentTypes: ['home_page'],
  robots: 'noindex',
  async getProps(_page, fields): Promise<FooterContent> {
    return footerProps(fields);
  },
});
