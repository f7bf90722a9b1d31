import { articlePreviewGridBlock } from '../article-preview-grid';
import { featureImageBlock } from '../feature-image';
import { freshCatchFeatureBlock } from '../fresh-catch-feature';
import { fullWidthMediaBlock } from '../full-width-media';
import { giftCardsFeatureBlock } from '../gift-cards-feature';
import { heroBlock } from '../hero';
import { imageBlock } from '../image';
import { imageLinkBlock } from '../image-link';
import { linkRowBlock } from '../link-row';
import { mediaGridBlock } from '../media-grid';
import { printableCouponBlock } from '../printable-coupon';
import { socialGridBlock } from '../social-grid';
import { twoColumnFeatureBlock } from '../two-column-feature';
import { twoColumnHeroBlock } from '../two-column-hero';
import type { BlockDefinition } from '../types';

/** Image-led marketing blocks: heroes, features, grids, coupons, link rows. */
export const MEDIA_BLOCKS: BlockDefinition[] = [
  heroBlock,
  twoColumnHeroBlock,
  twoColumnFeatureBlock,
  featureImageBlock,
  imageBlock,
  imageLinkBlock,
  linkRowBlock,
  mediaGridBlock,
  fullWidthMediaBlock,
  freshCatchFeatureBlock,
  giftCardsFeatureBlock,
  socialGridBlock,
  articlePreviewGridBlock,
  printableCouponBlock,
] as BlockDefinition[];
