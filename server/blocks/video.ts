import { z } from 'zod';
import type { VideoProps } from '../../client/blocks/Video';
import type { VideoData } from '../../client/blocks/VideoPlayer';
import { NotFoundError } from '../errors';
import { getVideoWithSourcesAndTracks } from '../models/videos';
import { propsOfImage } from './references';
import { defineBlock, type BlockContext } from './types';

/** A reference to a video in the library, by id. */
export const videoRefSchema = z.number().int().positive().meta({ widget: 'video' });

// The poster is one URL (no srcset on <video>), so one size that is sharp at the widest layout.
const POSTER_SPEC = 'fill-1280x720-c50|format-webp';

/**
 * A library video as the player needs it, or null when it was deleted (logged). Its poster is a
 * 16:9 rendition; sources and tracks keep the library's order.
 */
export async function resolveVideo(context: BlockContext, videoId: number): Promise<VideoData | null> {
  try {
    const video = await getVideoWithSourcesAndTracks(context.db, videoId);
    const poster = video.poster ? await propsOfImage(context, video.poster, { spec: POSTER_SPEC, alt: '' }) : null;
    return { title: video.title, poster, sources: video.sources, tracks: video.tracks };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    context.logger.warn({ reference: `video ${videoId}` }, 'A block refers to something that no longer exists');
    return null;
  }
}

/** A library video with a play/pause button; optionally autoplays, muted, while on screen. */
export const videoBlock = defineBlock({
  type: 'video',
  label: 'Video',
  schema: z.object({
    video: videoRefSchema,
    autoplay: z.boolean().default(false).meta({ help_text: 'Plays muted and looping while at least 10% of the video is on screen.' }),
    caption: z.string().trim().max(255).default(''),
  }),
  toProps: async (value, context): Promise<VideoProps> => ({
    video: await resolveVideo(context, value.video),
    autoplay: value.autoplay,
    caption: value.caption,
  }),
});
