import { z } from 'zod';
import type { UnsubscribeProps } from '../../client/blocks/Unsubscribe';
import { defineBlock } from './types';

/**
 * The email unsubscribe form (SPEC §2.4): prefilled from the link in an email, posted to
 * /api/fcc/unsubscribe/, replaced by a confirmation once the address is accepted.
 */
export const unsubscribeBlock = defineBlock({
  type: 'unsubscribe',
  label: 'Unsubscribe form',
  preview: { heading: 'Unsubscribe', intro: 'Enter your email address to stop receiving our offers.' },
  schema: z.object({
    heading: z.string().trim().max(255).default(''),
    intro: z.string().trim().max(1000).default('').meta({ label: 'Introduction', help_text: 'Shown above the form, not after unsubscribing.', widget: 'textarea' }),
  }),
  toProps: (value): UnsubscribeProps => value,
});
