import type { ComponentType } from 'react';
import Heading from '../Heading';
import RichText from '../RichText';

/** Components of the text and structure blocks, by block type. */
export const TEXT_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  heading: Heading,
  rich_text: RichText,
};
