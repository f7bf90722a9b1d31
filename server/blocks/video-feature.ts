import { z } from 'zod';
import type { VideoFeatureProps } from '../../client/blocks/VideoFeature';
import { imageRefSchema, resolveImage } from './references';
import { defineBlock } from './types';
import { resolveVideo, videoRefSchema } from './video';

const httpsUrlSchema = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https$/, error: 'must be an https:// address' }));

/**
 * A feature panel (SPEC §3 "Video feature"): image, title and subtitle with a Play button that
 * opens the video in place; optional share links and fine print.
 */
export const videoFeatureBlock = defineBlock({
  type: 'video_feature',
  label: 'Video feature',
  schema: z.object({
    video: videoRefSchema,
    image: imageRefSchema.nullable().default(null),
    title: z.string().trim().min(1).max(255),
    subtitle: z.string().trim().max(500).default('').meta({ widget: 'textarea' }),
    show_share_icons: z.boolean().default(false),
    facebook_url: httpsUrlSchema.nullable().default(null).meta({ label: 'Facebook share URL', widget: 'url', help_text: 'An https:// address, such as a facebook.com/sharer link.' }),
    twitter_url: httpsUrlSchema.nullable().default(null).meta({ label: 'X (Twitter) share URL', widget: 'url', help_text: 'An https:// address, such as an x.com/intent/post link.' }),
    fineprint: z.string().trim().max(1000).default('').meta({ label: 'Fine print', widget: 'textarea' }),
  }),
  toProps: async (value, context): Promise<VideoFeatureProps> => {
    const [video, image] = await Promise.all([
      resolveVideo(context, value.video),
      resolveImage(context, value.image, { spec: 'fill-1280x720-c50', srcsetWidths: [480, 800, 1280], sizes: '(min-width: 841px) 60vw, 100vw', alt: '' }),
    ]);
    const shareLinks = value.show_share_icons ? { facebook_url: value.facebook_url, twitter_url: value.twitter_url } : { facebook_url: null, twitter_url: null };
    return {
      video,
      image: image ?? video?.poster ?? null,
      title: value.title,
      subtitle: value.subtitle,
      show_share_icons: value.show_share_icons && Boolean(shareLinks.facebook_url || shareLinks.twitter_url),
      ...shareLinks,
      fineprint: value.fineprint,
    };
  },
});
