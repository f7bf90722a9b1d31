import { expect } from 'chai';
import sharp from 'sharp';
import { DEMO_IMAGES, DEMO_IMAGE_NAMES, generateDemoImage } from '../../server/seed/artwork';

describe('demo artwork', () => {
  it('draws every demo image as a JPEG of its declared size, with a focal point inside it', async () => {
    expect(DEMO_IMAGE_NAMES).to.include.members(['harbor-hero', 'lobster-plate', 'shrimp-dish', 'grilled-salmon', 'dining-room', 'restaurant-exterior']);
    for (const name of DEMO_IMAGE_NAMES) {
      const image = DEMO_IMAGES[name];
      const metadata = await sharp(await generateDemoImage(name)).metadata();
      expect([metadata.format, metadata.width, metadata.height], name).to.deep.equal(['jpeg', image.width, image.height]);
      const focalPoint = 'focalPoint' in image ? image.focalPoint : undefined;
      if (focalPoint) {
        expect(focalPoint.x + focalPoint.width / 2, name).to.be.at.most(image.width);
        expect(focalPoint.y + focalPoint.height / 2, name).to.be.at.most(image.height);
      }
    }
    expect(DEMO_IMAGES['harbor-hero'].width / DEMO_IMAGES['harbor-hero'].height).to.equal(2);
  });

  it('draws a picture rather than a blank canvas', async () => {
    const { channels } = await sharp(await generateDemoImage('harbor-hero')).stats();
    for (const channel of channels.slice(0, 3)) expect(channel.stdev).to.be.above(20);
  });
});
