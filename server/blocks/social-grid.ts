import { z } from 'zod';
import type { SocialGridProps, SocialPostProps } from '../../client/blocks/SocialGrid';
import { SOCIAL_NETWORKS } from '../../client/lib/page-data';
import { optionalLinkSchema, optionalText } from './media-fields';
import { imageRefSchema, resolveImage, resolveLink, urlSchema } from './references';
import { defineBlock, type BlockContext } from './types';

/** One post: its picture, caption, the network it is on and its address there. */
const postSchema = z.object({
  image: imageRefSchema,
  caption: z.string().trim().min(1).max(200),
  network: z.enum(SOCIAL_NETWORKS),
  url: urlSchema,
});

async function resolvePost(context: BlockContext, post: z.output<typeof postSchema>): Promise<SocialPostProps> {
  return {
    // The caption under the picture names the post; the picture itself is decoration.
    image: await resolveImage(context, post.image, {
      spec: 'fill-600x600-c40|format-webp',
      srcsetWidths: [300, 450, 600],
      sizes: '(min-width: 1200px) 270px, (min-width: 841px) 23vw, 46vw',
      alt: '',
    }),
    caption: post.caption,
    network: post.network,
    url: post.url,
  };
}

/** A heading and a grid of social media posts, each linking to the post on its network. */
export const socialGridBlock = defineBlock({
  type: 'social_grid',
  label: 'Social grid',
  schema: z.object({
    heading: z.string().trim().min(1).max(120),
    intro: optionalText(300).meta({ widget: 'textarea' }),
    posts: z.array(postSchema).min(1).max(12),
    follow_link: optionalLinkSchema,
  }),
  toProps: async (value, context): Promise<SocialGridProps> => ({
    heading: value.heading,
    intro: value.intro || null,
    posts: await Promise.all(value.posts.map((post) => resolvePost(context, post))),
    followLink: await resolveLink(context, value.follow_link),
  }),
});
