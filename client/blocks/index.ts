import type { ComponentType } from 'react';
import { MEDIA_BLOCK_COMPONENTS } from './groups/media';
import { TEXT_BLOCK_COMPONENTS } from './groups/text';
import { VIDEO_BLOCK_COMPONENTS } from './groups/video';

/**
 * Block components by block type. Each takes the props its server definition's toProps
 * returns, so the registry erases the individual prop types.
 */
export const BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  ...TEXT_BLOCK_COMPONENTS,
  ...MEDIA_BLOCK_COMPONENTS,
  ...VIDEO_BLOCK_COMPONENTS,
};
