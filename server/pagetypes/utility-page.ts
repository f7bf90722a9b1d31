import { z } from 'zod';
import { BACKGROUND_STYLES } from '../../client/lib/background-styles';
import type { UtilityPageProps } from '../../client/templates/UtilityPage';
import { resolveStream, streamFieldSchema } from '../blocks/stream';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { definePageType } from './types';

/** The labels of the background styles in the editor's menu. */
const BACKGROUND_STYLE_LABELS: Record<(typeof BACKGROUND_STYLES)[number], string> = {
  'wood-texture': 'Wood texture',
  lighthouse: 'Lighthouse',
  'faded-shoreline': 'Faded shoreline',
  'military-monday': 'Military Monday',
  lobster: 'Lobster',
  'blue-chill': 'Blue chill',
};

/** A page painted in one of the six background styles, with body blocks (SPEC §3 "Utility page"). */
export const utilityPage = definePageType({
  name: 'utility_page',
  label: 'Utility page',
  template: 'utility page',
  fields: z.object({
    background_style: z
      .enum(BACKGROUND_STYLES)
      .default('faded-shoreline')
      .meta({ choices: BACKGROUND_STYLES.map((style) => [style, BACKGROUND_STYLE_LABELS[style]] as const) }),
    body: streamFieldSchema,
  }),
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<UtilityPageProps> {
    return { title: page.title, background_style: fields.background_style, body: await resolveStream(fields.body, context) };
  },
});
