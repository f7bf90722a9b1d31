import { headingBlock } from '../heading';
import { richTextBlock } from '../rich-text';
import type { BlockDefinition } from '../types';

/** Text and structure blocks: headings, rich text, accordions, FAQs, tables, timelines, navigation. */
export const TEXT_BLOCKS: BlockDefinition[] = [headingBlock, richTextBlock] as BlockDefinition[];
