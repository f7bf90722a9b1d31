import type { ComponentType } from 'react';
import Accordion from '../Accordion';
import AccordionFeature from '../AccordionFeature';
import AlertBanner from '../AlertBanner';
import ContactDetails from '../ContactDetails';
import ContentGrid from '../ContentGrid';
import CustomBackgroundWrapper from '../CustomBackgroundWrapper';
import Faqs from '../Faqs';
import Heading from '../Heading';
import RichText from '../RichText';
import ScrollNavMenuItem from '../ScrollNavMenuItem';
import Sitemap from '../Sitemap';
import TabbedFeatures from '../TabbedFeatures';
import Table from '../Table';
import TieredNav from '../TieredNav';
import Timeline from '../Timeline';
import ToolboxSnippet from '../ToolboxSnippet';

/** Components of the text and structure blocks, by block type. */
export const TEXT_BLOCK_COMPONENTS: Record<string, ComponentType<never>> = {
  heading: Heading,
  rich_text: RichText,
  accordion: Accordion,
  accordion_feature: AccordionFeature,
  alert_banner: AlertBanner,
  table: Table,
  content_grid: ContentGrid,
  custom_background_wrapper: CustomBackgroundWrapper,
  faqs: Faqs,
  timeline: Timeline,
  tabbed_features: TabbedFeatures,
  scroll_nav_menu_item: ScrollNavMenuItem,
  sitemap: Sitemap,
  tiered_nav: TieredNav,
  contact_details: ContactDetails,
  toolbox_snippet: ToolboxSnippet,
};
