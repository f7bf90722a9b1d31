import { z } from 'zod';
import type { MediaGridProps, MediaGridTileProps } from '../../client/blocks/MediaGrid';
import { columnSpanSchema, optionalLinkSchema, optionalText } from './media-fields';
import { imageRefSchema, resolveImage, resolveLink } from './references';
import { defineBlock, type BlockContext } from './types';
import { resolveVideo, videoRefSchema } from './video';

/** SPEC §3 Media grid tile: an image, a background video or a video, with its widths in twelfths. */
const tileSchema = z
  .object({
    image: imageRefSchema.nullable().default(null),
    background_video: videoRefSchema.nullable().default(null),
    video: videoRefSchema.nullable().default(null),
    heading: optionalText(120),
    link: optionalLinkSchema,
    desktop_width: columnSpanSchema.default(6),
    mobile_width: columnSpanSchema.default(12),
  })
  .refine((tile) => tile.image !== null || tile.background_video !== null || tile.video !== null, 'a tile needs an image, a background video or a video');

type TileValue = z.output<typeof tileSchema>;

const CONTAINER = 1136;

/** What share of the page a tile takes, so the browser fetches the rendition that fills it. */
function tileSizes(tile: TileValue): string {
  const desktop = tile.desktop_width / 12;
  return `(min-width: 1200px) ${Math.round(CONTAINER * desktop)}px, (min-width: 841px) ${Math.round(100 * desktop)}vw, ${Math.round((100 * tile.mobile_width) / 12)}vw`;
}

async function resolveTile(context: BlockContext, tile: TileValue): Promise<MediaGridTileProps> {
  // A playable video wins over a background one; the image shows when neither is left.
  const videoId = tile.video ?? tile.background_video;
  const video = videoId === null ? null : await resolveVideo(context, videoId);
  const [image, link] = await Promise.all([
    video ? null : resolveImage(context, tile.image, { spec: 'fill-1200x800-c30|format-webp', srcsetWidths: [400, 600, 800, 1200], sizes: tileSizes(tile) }),
    resolveLink(context, tile.link),
  ]);
  return {
    image,
    video,
    isBackgroundVideo: video !== null && tile.video === null,
    heading: tile.heading || null,
    link,
    desktopWidth: tile.desktop_width,
    mobileWidth: tile.mobile_width,
  };
}

/** Tiles of pictures and videos laid on the 12-column grid, with fine print n/12 wide. */
export const mediaGridBlock = defineBlock({
  type: 'media_grid',
  label: 'Media grid',
  schema: z.object({
    heading: optionalText(120),
    tiles: z.array(tileSchema).min(1).max(12),
    fineprint: optionalText(600).meta({ label: 'Fine print', widget: 'textarea' }),
    fineprint_width: columnSpanSchema.default(12).meta({ label: 'Fine print width', help_text: 'Columns out of 12, from 1 to 12.' }),
  }),
  toProps: async (value, context): Promise<MediaGridProps> => ({
    heading: value.heading || null,
    tiles: await Promise.all(value.tiles.map((tile) => resolveTile(context, tile))),
    fineprint: value.fineprint || null,
    fineprintWidth: value.fineprint_width,
  }),
});
