import { z } from 'zod';
import type { HeadingProps } from '../../client/blocks/Heading';
import { alignmentSchema } from './fields';
import { defineBlock } from './types';

/** A section heading. */
export const headingBlock = defineBlock({
  type: 'heading',
  label: 'Heading',
  preview: { text: 'Fresh off the boat', level: 'h2' },
  schema: z.object({
    text: z.string().trim().min(1).max(255),
    level: z
      .enum(['h2', 'h3', 'h4'])
      .default('h2')
      .meta({
        choices: [
          ['h2', 'Heading 2'],
          ['h3', 'Heading 3'],
          ['h4', 'Heading 4'],
        ],
      }),
    alignment: alignmentSchema,
  }),
  toProps: (value): HeadingProps => ({ ...value, look: value.level }),
});
