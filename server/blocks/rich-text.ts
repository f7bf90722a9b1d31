import { z } from 'zod';
import type { RichTextProps } from '../../client/blocks/RichText';
import { sanitizeRichText } from '../rich-text';
import { alignmentSchema } from './fields';
import { defineBlock } from './types';

/** Formatted text, sanitized again on the way out so stored HTML can never carry script. */
export const richTextBlock = defineBlock({
  type: 'rich_text',
  label: 'Rich text',
  preview: { html: '<p>Our fish arrives <strong>every morning</strong> from the docks, and the menu follows the catch. Ask your server what came in today.</p>' },
  schema: z.object({ html: z.string().meta({ label: 'Text', widget: 'rich_text' }), alignment: alignmentSchema }),
  toProps: (value): RichTextProps => ({ html: sanitizeRichText(value.html), alignment: value.alignment }),
});
