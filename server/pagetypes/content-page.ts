import { z } from 'zod';
import type { ExamplePageProps } from '../../client/templates/ExamplePage';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { definePageType } from './types';

const CONTENT_PARENTS = ['home_page', 'content_page'] as const;

/** A generic content page: body blocks, and confirmation content shown after a submission. */
export const contentPage = definePageType({
  name: 'content_page',
  label: 'Content page',
  template: 'example page',
  fields: z.object({
    body: streamFieldSchema,
    confirmation: streamFieldSchema.meta({ label: 'Confirmation content', help_text: 'Shown instead of the body after a successful submission.' }),
  }),
  parentTypes: CONTENT_PARENTS,
  async getProps(page, fields, context): Promise<ExamplePageProps> {
    const showConfirmation = context.submitted && fields.confirmation.length > 0;
    return {
      title: page.title,
      body: showConfirmation ? [] : await resolveStream(fields.body, context),
      confirmation: showConfirmation ? await resolveStream(fields.confirmation, context) : null,
    };
  },
});

/** A page with a title only, such as a placeholder a menu points at. */
export const blankPage = definePageType({
  name: 'blank_page',
  label: 'Blank page',
  template: 'example page',
  fields: z.object({}),
  parentTypes: CONTENT_PARENTS,
  async getProps(page): Promise<ExamplePageProps> {
    return { title: page.title, body: [], confirmation: null };
  },
});

/** A title-only page that search engines are told not to index. */
export const noindexPage = definePageType({
  ...blankPage,
  name: 'noindex_page',
  label: 'Noindex page',
  robots: 'noindex',
});
