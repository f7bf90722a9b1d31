import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { MediaDownloadTile, PressArticle, PressSectionProps } from '../../client/templates/PressSection';
import { documentRefSchema, imageRefSchema, pageRefSchema, resolveDocument, resolveImage } from '../blocks/references';
import { sanitizeRichText } from '../rich-text';
import { resolvePageLink } from './link-targets';
import { CONTENT_PARENT_TYPES } from './parent-types';
import { PRESS_SECTION_PAGE_TYPE, pressArticleLink, pressReleasesBelow, type PressReleaseEntry } from './press-releases';
import { definePageType, type PageTypeContext } from './types';

/** A download tile as stored: a document, and optionally its own title and a picture. */
const mediaDownloadTileSchema = z.object({
  /** Left empty, the document's title is shown. */
  title: z.string().trim().max(255).default(''),
  image: imageRefSchema.nullable().default(null),
  document: documentRefSchema,
});

type MediaDownloadTileValue = z.output<typeof mediaDownloadTileSchema>;

const CARD_IMAGE = { spec: 'fill-640x360', srcsetWidths: [320, 640], sizes: '(min-width: 841px) 360px, 100vw' } as const;
const TILE_IMAGE = { spec: 'max-480x320', srcsetWidths: [240, 480], sizes: '(min-width: 841px) 260px, 50vw' } as const;

/** Whether rich text says anything once its markup is gone ('<p></p>' and '<p>&nbsp;</p>' do not). */
function hasText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}

async function releaseCard(entry: PressReleaseEntry, context: PageTypeContext): Promise<PressArticle> {
  return { ...pressArticleLink(entry, context), feature_image: await resolveImage(context, entry.fields.feature_image, CARD_IMAGE) };
}

/** A tile ready to show, or null when its document is gone (the tile is then left out). */
async function downloadTile(tile: MediaDownloadTileValue, context: PageTypeContext): Promise<MediaDownloadTile | null> {
  const [document, image] = await Promise.all([resolveDocument(context, tile.document), resolveImage(context, tile.image, TILE_IMAGE)]);
  if (!document) return null;
  return { title: tile.title || document.title, image, file_extension: document.extension, file_size: document.size, url: document.url };
}

/**
 * The press room: the latest press releases below it, press contacts and media downloads
 * (SPEC §2 item 13). Press release lists live under it; their releases feed the latest ones.
 */
export const pressSectionPage = definePageType({
  name: PRESS_SECTION_PAGE_TYPE,
  label: 'Press section',
  template: 'press section',
  fields: z.object({
    latest_count: z.number().int().min(1).max(12).default(3).meta({ label: 'Press releases shown', help_text: 'How many of the latest press releases to show (1 to 12).' }),
    see_all_link: pageRefSchema.nullable().default(null).meta({ label: "'See all' page", help_text: 'The full list, usually the press release list.' }),
    contact_info: z.string().default('').meta({ label: 'Press inquiries', widget: 'rich_text', help_text: "Left empty, the 'Press Inquiries' block is not shown." }),
    media_download_tiles: z
      .array(mediaDownloadTileSchema)
      .default([])
      .meta({ label: 'Media downloads', help_text: 'Documents offered for download, each with an optional title and image.' }),
  }),
  parentTypes: CONTENT_PARENT_TYPES,
  async getProps(page, fields, context): Promise<PressSectionProps> {
    const [releases, seeAllLink, tiles] = await Promise.all([
      pressReleasesBelow(page, context),
      resolvePageLink(context, fields.see_all_link),
      Promise.all(fields.media_download_tiles.map((tile) => downloadTile(tile, context))),
    ]);
    const contactInfo = sanitizeRichText(fields.contact_info);
    return {
      title: page.title,
      press_releases: await Promise.all(releases.slice(0, fields.latest_count).map((entry) => releaseCard(entry, context))),
      see_all_link: seeAllLink,
      contact_info: hasText(contactInfo) ? contactInfo : null,
      media_download_tiles: tiles.filter((tile): tile is MediaDownloadTile => tile !== null),
    };
  },
});
