import { accordionBlock } from '../accordion';
import { accordionFeatureBlock } from '../accordion-feature';
import { alertBannerBlock } from '../alert-banner';
import { contactDetailsBlock } from '../contact-details';
import { contentGridBlock } from '../content-grid';
import { customBackgroundWrapperBlock } from '../custom-background-wrapper';
import { faqsBlock } from '../faqs';
import { headingBlock } from '../heading';
import { richTextBlock } from '../rich-text';
import { scrollNavMenuItemBlock } from '../scroll-nav-menu-item';
import { sitemapBlock } from '../sitemap';
import { tabbedFeaturesBlock } from '../tabbed-features';
import { tableBlock } from '../table';
import { tieredNavBlock } from '../tiered-nav';
import { timelineBlock } from '../timeline';
import { toolboxSnippetBlock } from '../toolbox-snippet';
import type { BlockDefinition } from '../types';

/** Text and structure blocks: headings, rich text, accordions, FAQs, tables, timelines, navigation, contact details, toolbox snippets. */
export const TEXT_BLOCKS: BlockDefinition[] = [
  headingBlock,
  richTextBlock,
  accordionBlock,
  accordionFeatureBlock,
  alertBannerBlock,
  tableBlock,
  contentGridBlock,
  customBackgroundWrapperBlock,
  faqsBlock,
  timelineBlock,
  tabbedFeaturesBlock,
  scrollNavMenuItemBlock,
  sitemapBlock,
  tieredNavBlock,
  contactDetailsBlock,
  toolboxSnippetBlock,
] as BlockDefinition[];
