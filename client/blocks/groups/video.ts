import type { ComponentType } from 'react';
import Embed from '../Embed';
import Iframe from '../Iframe';
import Unsubscribe from '../Unsubscribe';
import Video from '../Video';
import VideoFeature from '../VideoFeature';

/** Components of the video, embed, iframe and unsubscribe blocks, by block type. */
export const VIDEO_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  video: Video,
  video_feature: VideoFeature,
  embed: Embed,
  iframe: Iframe,
  unsubscribe: Unsubscribe,
};
