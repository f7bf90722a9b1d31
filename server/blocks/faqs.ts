import { z } from 'zod';
import type { FaqsProps } from '../../client/blocks/Faqs';
import { sanitizeRichText } from '../rich-text';
import { optionalHeadingSchema, richTextSchema } from './text-fields';
import { defineBlock } from './types';

/** Questions that open to their answers, in one column or split over two on wide screens. */
export const faqsBlock = defineBlock({
  type: 'faqs',
  label: 'FAQs',
  preview: {
    heading: 'Frequently asked questions',
    faqs: [
      { question: 'Can I order online?', answer: '<p>Yes: choose a restaurant and order for pick-up.</p>' },
      { question: 'Do gift cards expire?', answer: '<p>No, never.</p>' },
    ],
  },
  schema: z.object({
    heading: optionalHeadingSchema,
    layout: z
      .enum(['one-column', 'two-column'])
      .default('one-column')
      .meta({
        choices: [
          ['one-column', 'One column'],
          ['two-column', 'Two columns'],
        ],
      }),
    faqs: z
      .array(z.object({ question: z.string().trim().min(1).max(300), answer: richTextSchema }))
      .min(1)
      .max(100),
  }),
  toProps: (value): FaqsProps => ({
    heading: value.heading,
    layout: value.layout,
    faqs: value.faqs.map((faq) => ({ question: faq.question, answer: sanitizeRichText(faq.answer) })),
  }),
});
