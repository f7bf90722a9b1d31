/**
 * Where a photo was taken, removed from its original at upload: staff download originals as
 * stored, and a GPS position there tells where the photographer stood. Renditions carry no
 * metadata at all.
 */
import exifReader from 'exif-reader';
import sharp, { type Metadata, type Sharp } from 'sharp';

// XMP writes positions as exif:GPSLatitude (also inside IPTC locations), drones as GpsLatitude.
const XMP_POSITION = /gps ?(?:latitude|longitude)/i;

/** Whether an image's metadata holds a GPS position: EXIF's GPS directory, or GPS tags in XMP. */
export function carriesLocation(metadata: Pick<Metadata, 'exif' | 'xmp'>): boolean {
  if (metadata.xmp && XMP_POSITION.test(metadata.xmp.toString('utf8'))) return true;
  if (!metadata.exif) return false;
  try {
    const tags = exifReader(metadata.exif);
    return tags.Image?.GPSTag !== undefined || Object.keys(tags.GPSInfo ?? {}).length > 0;
  } catch {
    // EXIF that cannot be read may still hold a position that other readers find.
    return true;
  }
}

// No library keeps a maintained lossless EXIF editor for every format we accept (exiftool-vendored
// needs Node 22 and Perl; piexifjs, JPEG only, last changed in 2019), so a picture with a position
// is encoded anew at a quality that no eye tells apart, in its own format; one without stays as
// uploaded, byte for byte.
const ENCODERS: Record<string, (pipeline: Sharp, metadata: Metadata) => Sharp> = {
  jpg: (pipeline, metadata) =>
    pipeline.jpeg({ quality: 95, chromaSubsampling: metadata.chromaSubsampling === '4:2:0' ? '4:2:0' : '4:4:4', progressive: metadata.isProgressive ?? false }),
  png: (pipeline) => pipeline.png(),
  webp: (pipeline) => pipeline.webp({ lossless: true }),
  gif: (pipeline) => pipeline.gif(),
  // Lossless AVIF is several times slower and larger; 90 is beyond what renditions ask of it.
  avif: (pipeline) => pipeline.avif({ quality: 90 }),
};

/**
 * The upload without its GPS position, keeping what shows it as taken: its orientation and its
 * colour profile (every other tag goes too, as renditions drop them). Every frame of an animation
 * is kept. Bytes without a position come back as they are.
 */
export async function withoutLocation(bytes: Buffer, extension: string, metadata: Metadata): Promise<Buffer> {
  if (!carriesLocation(metadata)) return bytes;
  const encode = ENCODERS[extension];
  if (!encode) throw new Error(`No encoder keeps .${extension} images.`);
  let pipeline = sharp(bytes, { animated: true }).keepIccProfile();
  if (metadata.orientation !== undefined) pipeline = pipeline.withExif({ IFD0: { Orientation: String(metadata.orientation) } });
  return encode(pipeline, metadata).toBuffer();
}
