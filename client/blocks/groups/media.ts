import type { ComponentType } from 'react';

/** Components of the image-led marketing blocks, by block type. */
export const MEDIA_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {};
