import type { ComponentType } from 'react';
import Heading from './Heading';
import RichText from './RichText';

/**
 * Block components by block type. Each takes the props its server definition's toProps
 * returns, so the registry erases the individual prop types.
 */
export const BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  heading: Heading,
  rich_text: RichText,
};
