import { z } from 'zod';
import type { HomePageProps } from '../../client/templates/HomePage';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { definePageType } from './types';

/** The home page of a site. */
export const homePage = definePageType({
  name: 'home_page',
  label: 'Home page',
  template: 'home page',
  fields: z.object({ body: streamFieldSchema }),
  parentTypes: ['root'],
  async getProps(page, fields, context): Promise<HomePageProps> {
    return { title: page.title, body: await resolveStream(fields.body, context) };
  },
});
