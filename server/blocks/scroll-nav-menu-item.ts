import { z } from 'zod';
import type { ScrollNavMenuItemProps } from '../../client/blocks/ScrollNavMenuItem';
import { slugify } from '../../client/lib/slugs';
import { defineBlock } from './types';

/**
 * Marks where a section of a long page starts. Every marker on the page registers with the
 * scroll nav menu, which the first of them shows as a sticky bar.
 */
export const scrollNavMenuItemBlock = defineBlock({
  type: 'scroll_nav_menu_item',
  label: 'Scroll nav menu item',
  preview: { title: 'Our story' },
  schema: z.object({
    title: z.string().trim().min(1).max(60).meta({ help_text: 'The entry in the menu.' }),
    sort_order: z.number().int().min(-999).max(999).default(0).meta({ help_text: 'Menu entries are listed by this number, lowest first.' }),
    anchor: z
      .string()
      .trim()
      .max(60)
      .regex(/^(?:[a-z][a-z0-9]*(?:-[a-z0-9]+)*)?$/, 'lowercase letters, digits and single hyphens, starting with a letter')
      .default('')
      .meta({ help_text: 'The address fragment (#anchor) of the section; made from the title when empty.' }),
    show_title: z.boolean().default(true).meta({ label: 'Show the title as a heading' }),
  }),
  toProps: (value): ScrollNavMenuItemProps => ({
    id: value.anchor || `section-${slugify(value.title)}`,
    title: value.title,
    sortOrder: value.sort_order,
    showTitle: value.show_title,
  }),
});
