import { z } from 'zod';
import { SOCIAL_NETWORKS, type FooterContent, type HeaderContent, type MenuLink } from '../../client/lib/page-data';

/** A link target: a site path, or an http(s)/mailto/tel address; anything else is refused. */
const linkUrl = z
  .string()
  .trim()
  .refine((url) => /^(\/(?!\/)|https?:\/\/|mailto:|tel:)/i.test(url), 'must be a path starting with / or an http(s), mailto or tel address');

const linkType = z.enum(['internal', 'external']).default('internal');

const menuLinkSchema: z.ZodType<MenuLink, unknown> = z.lazy(() =>
  z.object({
    url: linkUrl.nullable().default(null),
    display_name: z.string().trim().min(1).max(80),
    link_type: linkType,
    link_style: z.enum(['default', 'button', 'highlight']).default('default'),
    children: z.array(menuLinkSchema).max(30).default([]),
  }),
);

/** Header navigation content (SPEC §3): sections with a role, each a list of menu links. */
export const headerContentSchema: z.ZodType<HeaderContent, unknown> = z.object({
  sections: z
    .array(
      z.object({
        role: z.enum(['primary', 'secondary', 'social']),
        title: z.string().trim().max(80).default(''),
        links: z.array(menuLinkSchema).max(30),
      }),
    )
    .max(10),
  map_page_url: linkUrl.nullable().default(null),
});

// The networks as the footer's social row names them to visitors.
const SOCIAL_NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
};

const footerUrl = linkUrl.meta({ label: 'URL', widget: 'url', help_text: 'A path such as /menu/, or an http(s), mailto or tel address.' });

/** Footer content (SPEC §3): columns, social row, legal text and region navigation, labelled for the footer page's editor. */
export const footerContentSchema: z.ZodType<FooterContent, unknown> = z.object({
  columns: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(80),
        is_collapsable: z.boolean().default(false).meta({ label: 'Collapsible on phones' }),
        links: z.array(z.object({ url: footerUrl, display_name: z.string().trim().min(1).max(80), link_type: linkType })).max(30),
      }),
    )
    .max(8)
    .default([]),
  social_media: z
    .array(
      z.object({
        icon: z.enum(SOCIAL_NETWORKS).meta({ label: 'Network', choices: SOCIAL_NETWORKS.map((network) => [network, SOCIAL_NETWORK_LABELS[network]] as const) }),
        link: z.url({ protocol: /^https?$/ }),
      }),
    )
    .max(SOCIAL_NETWORKS.length)
    .default([]),
  use_old_twitter_logo: z.boolean().default(false).meta({ label: 'Show the older bird logo for Twitter' }),
  legal_text: z.string().max(20_000).default('').meta({ widget: 'rich_text' }),
  region_nav: z
    .object({ regions: z.array(z.object({ id: z.number().int().meta({ label: 'Region ID' }), title: z.string().trim().min(1).max(80), url: footerUrl })).max(20) })
    .default({ regions: [] })
    .meta({ label: 'Region navigation' }),
});
