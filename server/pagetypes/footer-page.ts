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
  parentTypes: ['home_page'],
  robots: 'noindex',
  async getProps(_page, fields): Promise<FooterContent> {
    return footerProps(fields);
  },
});
