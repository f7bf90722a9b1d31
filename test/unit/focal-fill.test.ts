import { expect } from 'chai';
import { fillCropRect, planTransform } from '../../server/models/renditions';

describe('fill crops centred on the focal point (Wagtail fill)', () => {
  const source = { width: 1200, height: 800 };

  it('centres the crop on the focal point when the image edges allow', () => {
    const focal = { x: 700, y: 420, width: 100, height: 80 };
    const crop = fillCropRect(source, { width: 300, height: 300 }, focal);
    expect(crop).to.deep.equal({ left: 300, top: 0, width: 800, height: 800 });
    expect(crop.left + crop.width / 2).to.equal(focal.x);
    const wide = fillCropRect(source, { width: 800, height: 450 }, focal);
    expect(wide.top + wide.height / 2).to.be.closeTo(focal.y, 0.5);
    expect(wide.left).to.equal(0);
  });

  it('moves a crop that would cross an edge back inside, keeping the focal area in it', () => {
    const focal = { x: 1150, y: 60, width: 60, height: 60 };
    const crop = fillCropRect(source, { width: 300, height: 300 }, focal);
    expect(crop).to.deep.equal({ left: 400, top: 0, width: 800, height: 800 });
    expect(focal.x - focal.width / 2).to.be.at.least(crop.left);
    expect(focal.x + focal.width / 2).to.be.at.most(crop.left + crop.width);
  });

  it('follows a moved focal point: the same spec crops a different region', () => {
    const left = fillCropRect(source, { width: 300, height: 300 }, { x: 100, y: 400, width: 50, height: 50 });
    const right = fillCropRect(source, { width: 300, height: 300 }, { x: 1100, y: 400, width: 50, height: 50 });
    expect(left.left).to.equal(0);
    expect(right.left).to.equal(400);
  });

  it('zooms in around the focal point with closeness and scales the crop to the target', () => {
    const focal = { x: 600, y: 400, width: 200, height: 200 };
    const crop = fillCropRect(source, { width: 100, height: 100, closeness: 100 }, focal);
    expect(crop).to.deep.equal({ left: 500, top: 300, width: 200, height: 200 });
    expect(planTransform(source, { kind: 'fill', width: 100, height: 100, closeness: 100 }, focal)).to.deep.equal({ crop, width: 100, height: 100 });
  });
});
