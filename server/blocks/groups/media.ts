import type { BlockDefinition } from '../types';

/** Image-led marketing blocks: heroes, features, grids, coupons, link rows. */
export const MEDIA_BLOCKS: BlockDefinition[] = [];
