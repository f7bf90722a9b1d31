import type { ComponentType } from 'react';
import ArticlePreviewGrid from '../ArticlePreviewGrid';
import FeatureImage from '../FeatureImage';
import FreshCatchFeature from '../FreshCatchFeature';
import FullWidthMedia from '../FullWidthMedia';
import GiftCardsFeature from '../GiftCardsFeature';
import Hero from '../Hero';
import ImageBlock from '../Image';
import ImageLink from '../ImageLink';
import LinkRow from '../LinkRow';
import MediaGrid from '../MediaGrid';
import PrintableCoupon from '../PrintableCoupon';
import SocialGrid from '../SocialGrid';
import TwoColumnFeature from '../TwoColumnFeature';
import TwoColumnHero from '../TwoColumnHero';

/** Components of the image-led marketing blocks, by block type. */
export const MEDIA_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  hero: Hero,
  two_column_hero: TwoColumnHero,
  two_column_feature: TwoColumnFeature,
  feature_image: FeatureImage,
  image: ImageBlock,
  image_link: ImageLink,
  link_row: LinkRow,
  media_grid: MediaGrid,
  full_width_media: FullWidthMedia,
  fresh_catch_feature: FreshCatchFeature,
  gift_cards_feature: GiftCardsFeature,
  social_grid: SocialGrid,
  article_preview_grid: ArticlePreviewGrid,
  printable_coupon: PrintableCoupon,
};
