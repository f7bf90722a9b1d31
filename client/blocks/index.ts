import type { BlockComponents } from '../lib/block-components';
import { MEDIA_BLOCK_COMPONENTS } from './groups/media';
import { TEXT_BLOCK_COMPONENTS } from './groups/text';
import { VIDEO_BLOCK_COMPONENTS } from './groups/video';

/** Block components by block type: what PageStreamField provides to StreamField. */
export const BLOCK_COMPONENTS: BlockComponents = {
  ...TEXT_BLOCK_COMPONENTS,
  ...MEDIA_BLOCK_COMPONENTS,
  ...VIDEO_BLOCK_COMPONENTS,
};
