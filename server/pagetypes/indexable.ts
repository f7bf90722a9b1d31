import { PAGE_TYPES } from './index';

/**
 * Whether pages of a type belong in visitor-facing lists and the XML sitemap: a known type that
 * search engines may index (not footer or thank-you pages).
 */
export function isIndexablePageType(pageType: string): boolean {
  const type = PAGE_TYPES[pageType];
  return type !== undefined && !type.robots?.includes('noindex');
}
