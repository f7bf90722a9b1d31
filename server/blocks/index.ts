import { MEDIA_BLOCKS } from './groups/media';
import { TEXT_BLOCKS } from './groups/text';
import { VIDEO_BLOCKS } from './groups/video';
import type { BlockDefinition } from './types';

/** Every block type by its name; the client registry has a component for each. */
export const BLOCKS: Record<string, BlockDefinition> = Object.fromEntries([...TEXT_BLOCKS, ...MEDIA_BLOCKS, ...VIDEO_BLOCKS].map((block) => [block.type, block]));
