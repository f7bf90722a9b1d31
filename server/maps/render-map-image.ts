/**
 * The site's own map image of a location (used when no Google Maps key is set): the state and
 * coast outlines around it at city scale, nearby towns, a pin and the street address, drawn as
 * SVG and rasterized to PNG with sharp.
 */
import sharp from 'sharp';
import { atlasPaths, placeCities } from '../../client/lib/offline-map/draw';
import { PIN_GLYPH_CENTER, PIN_PATH, PIN_SIZE } from '../../client/lib/offline-map/pin';
import { centredMercator, type MapSize } from '../../client/lib/offline-map/projection';
import { citiesNear, offlineAtlasShapes } from './offline-atlas';

/** Miles per pixel of both images: about 36 miles across the desktop image, a city and its suburbs. */
export const MAP_IMAGE_MILES_PER_PIXEL = 0.03;
/** Smallest town labelled on an image. */
const TOWN_MIN_POPULATION = 2_000;
/** Most town labels on one image. */
const MAX_TOWN_LABELS = 14;

// The site palette (static/css/site.css custom properties).
const PALETTE = {
  water: '#cfe3e4',
  land: '#f5efe4',
  stateBorder: '#1d4560',
  outline: '#9fb9bd',
  ink: '#1d2327',
  inkSoft: '#4a545b',
  navy: '#0f2a3d',
  lobster: '#c8281e',
  lobsterDark: '#9e1c14',
  white: '#ffffff',
} as const;

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** What the image shows of a location. */
export interface MapImageLocation {
  latitude: number;
  longitude: number;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** The image as SVG markup. */
export function mapImageSvg(location: MapImageLocation, size: MapSize): string {
  const center = { lat: location.latitude, lng: location.longitude };
  const projection = centredMercator(center, size, size.width * MAP_IMAGE_MILES_PER_PIXEL);
  const paths = atlasPaths(offlineAtlasShapes(), projection, size, 8);
  const pinTip = { x: size.width / 2, y: size.height / 2 };
  const radiusMiles = (Math.hypot(size.width, size.height) / 2) * MAP_IMAGE_MILES_PER_PIXEL;
  const towns = placeCities(citiesNear(location, radiusMiles, TOWN_MIN_POPULATION), projection, size, { max: MAX_TOWN_LABELS, avoid: [pinTip] });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">`,
    `<rect width="100%" height="100%" fill="${PALETTE.water}"/>`,
    `<path d="${paths.land}" fill="${PALETTE.land}"/>`,
    `<path d="${paths.outlines}" fill="none" stroke="${PALETTE.outline}" stroke-width="1.5"/>`,
    `<path d="${paths.stateBorders}" fill="none" stroke="${PALETTE.stateBorder}" stroke-opacity="0.45" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    ...towns.map(
      ({ city, at, side }) =>
        `<circle cx="${at.x.toFixed(1)}" cy="${at.y.toFixed(1)}" r="3" fill="${PALETTE.inkSoft}"/>` +
        `<text x="${(side === 'right' ? at.x + 7 : at.x - 7).toFixed(1)}" y="${(at.y + 4).toFixed(1)}" text-anchor="${side === 'right' ? 'start' : 'end'}" font-family="${FONT}" font-size="12" fill="${PALETTE.inkSoft}" stroke="${PALETTE.land}" stroke-width="3" paint-order="stroke">${escapeXml(city.name)}</text>`,
    ),
    addressCard(location, pinTip, size),
    pin(pinTip),
    `<text x="${size.width - 8}" y="${size.height - 8}" text-anchor="end" font-family="${FONT}" font-size="10" fill="${PALETTE.inkSoft}" fill-opacity="0.8">Map data: US Census Bureau, Natural Earth, GeoNames</text>`,
    '</svg>',
  ].join('');
}

function pin(tip: { x: number; y: number }): string {
  const left = tip.x - PIN_SIZE.width / 2;
  const top = tip.y - PIN_SIZE.height;
  return (
    `<g transform="translate(${left} ${top})">` +
    `<ellipse cx="16" cy="42" rx="9" ry="3" fill="${PALETTE.navy}" fill-opacity="0.25"/>` +
    `<path d="${PIN_PATH}" fill="${PALETTE.lobster}" stroke="${PALETTE.lobsterDark}" stroke-width="1.5"/>` +
    `<circle cx="${PIN_GLYPH_CENTER.x}" cy="${PIN_GLYPH_CENTER.y}" r="5.5" fill="${PALETTE.white}"/>` +
    '</g>'
  );
}

// A white card beside the pin with the street and the city; it flips to the left near the right edge.
function addressCard(location: MapImageLocation, tip: { x: number; y: number }, size: MapSize): string {
  const street = location.address1;
  const place = `${location.city}, ${location.state} ${location.zip}`;
  const width = Math.ceil(Math.max(street.length * 9.2, place.length * 7.6)) + 28;
  const height = 54;
  const fitsRight = tip.x + 24 + width <= size.width - 8;
  const x = fitsRight ? tip.x + 24 : tip.x - 24 - width;
  const y = tip.y - PIN_SIZE.height - 4;
  return (
    `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">` +
    `<rect x="1" y="3" width="${width}" height="${height}" rx="6" fill="${PALETTE.navy}" fill-opacity="0.12"/>` +
    `<rect width="${width}" height="${height}" rx="6" fill="${PALETTE.white}"/>` +
    `<rect width="5" height="${height}" rx="2" fill="${PALETTE.lobster}"/>` +
    `<text x="16" y="23" font-family="${FONT}" font-size="15" font-weight="bold" fill="${PALETTE.navy}">${escapeXml(street)}</text>` +
    `<text x="16" y="42" font-family="${FONT}" font-size="13" fill="${PALETTE.inkSoft}">${escapeXml(place)}</text>` +
    '</g>'
  );
}

/** The image as PNG bytes. */
export async function renderMapImage(location: MapImageLocation, size: MapSize): Promise<Buffer> {
  return sharp(Buffer.from(mapImageSvg(location, size)))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
