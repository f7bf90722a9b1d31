import sharp from 'sharp';

/** A solid-colour image of this size and format. */
export function solidImage(width: number, height: number, colour = '#1b7f93', format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}
