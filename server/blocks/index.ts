import { headingBlock } from './heading';
import { richTextBlock } from './rich-text';
import type { BlockDefinition } from './types';

/** Every block type by its name; the client registry has a component for each. */
export const BLOCKS: Record<string, BlockDefinition> = Object.fromEntries(
  [headingBlock, richTextBlock].map((block) => [block.type, block as BlockDefinition]),
);
