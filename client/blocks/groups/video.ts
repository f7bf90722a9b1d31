import type { ComponentType } from 'react';

/** Components of the video, embed, iframe and unsubscribe blocks, by block type. */
export const VIDEO_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {};
