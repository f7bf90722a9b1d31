import { z } from 'zod';
import type { RedirectPageProps } from '../../client/templates/RedirectPage';
import { pageRefSchema } from '../blocks/references';
import { optionalUrlSchema } from './link-targets';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/**
 * A page that stands for another address (SPEC §2 item 14): it stores where it points, a page
 * or a URL, and renders only the shell.
 */
export const redirectPage = definePageType({
  name: 'redirect_page',
  label: 'Redirect page',
  template: 'redirect',
  fields: z.object({
    redirect_to_page: pageRefSchema.nullable().default(null).meta({ label: 'Redirect to page', help_text: 'Used instead of the URL while that page is live.' }),
    redirect_to_url: optionalUrlSchema.meta({ label: 'Redirect to URL' }),
  }),
  parentTypes: CONTENT_PARENT_TYPES,
  // The page has no content of its own, so search engines should not list it.
  robots: 'noindex',
  async getProps(page): Promise<RedirectPageProps> {
    return { title: page.title };
  },
});
