import type { BlockDefinition } from '../types';

/** Video, embed, iframe and unsubscribe blocks. */
export const VIDEO_BLOCKS: BlockDefinition[] = [];
