import { embedBlock } from '../embed';
import { iframeBlock } from '../iframe';
import type { BlockDefinition } from '../types';
import { unsubscribeBlock } from '../unsubscribe';
import { videoBlock } from '../video';
import { videoFeatureBlock } from '../video-feature';

/** Video, embed, iframe and unsubscribe blocks. */
export const VIDEO_BLOCKS: BlockDefinition[] = [videoBlock, videoFeatureBlock, embedBlock, iframeBlock, unsubscribeBlock] as BlockDefinition[];
