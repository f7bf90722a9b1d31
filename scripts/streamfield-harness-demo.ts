/**
 * The value the StreamField harness page opens with: real block types with nested lists, a
 * nested stream and references, valid against the blocks' schemas (test/unit checks it).
 */
import type { StreamValue } from '../admin-client/streamfield/schemas';

/** A short page's body: heading, hero, rich text, accordion, grid and a background wrapper. */
export const HARNESS_DEMO_VALUE: StreamValue = [
  { type: 'heading', id: 'demo-heading', value: { text: 'Fresh from the harbor', level: 'h2', alignment: 'left' } },
  {
    type: 'hero',
    id: 'demo-hero',
    value: {
      image: 1,
      image_alignment: 'center',
      text_style: 'light',
      title: 'Lobster season is here',
      subtitle: 'Whole Maine lobster, steamed or grilled, every day through August.',
      link: { page: null, url: '/menu/' },
      link_text: 'See the menu',
      link_style: 'primary',
    },
  },
  { type: 'rich_text', id: 'demo-text', value: { html: '<p>Every restaurant buys its fish <strong>the morning it is served</strong>.</p>', alignment: 'left' } },
  {
    type: 'accordion',
    id: 'demo-accordion',
    value: {
      heading: 'Good to know',
      accordions: [
        { default_content: 'Do you take reservations?', hidden_content: '<p>Yes, online or by phone, for parties of any size.</p>' },
        { default_content: 'Is there a kids menu?', hidden_content: '<p>Every restaurant has one, with drinks included.</p>' },
      ],
      image: null,
    },
  },
  {
    type: 'custom_background_wrapper',
    id: 'demo-wrapper',
    value: {
      background_image: null,
      background_style: 'blue-chill',
      container_width: 'full',
      content: [{ type: 'heading', id: 'demo-wrapped-heading', value: { text: 'Catering for any crowd', level: 'h3', alignment: 'center' } }],
    },
  },
];
