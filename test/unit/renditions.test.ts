import { expect } from 'chai';
import { ValidationError } from '../../server/errors';
import { fillCropRect, formatFilterSpec, parseFilterSpec, planTransform } from '../../server/models/renditions';

function refusal(spec: string): ValidationError {
  try {
    parseFilterSpec(spec);
  } catch (error) {
    expect(error).to.be.instanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error(`parseFilterSpec accepted ${JSON.stringify(spec)}`);
}

describe('image filter specs', () => {
  it('parses every operation', () => {
    expect(parseFilterSpec('fill-800x600')).to.deep.equal({ resize: { kind: 'fill', width: 800, height: 600, closeness: 0 } });
    expect(parseFilterSpec('fill-800x600-c75')).to.deep.equal({ resize: { kind: 'fill', width: 800, height: 600, closeness: 75 } });
    expect(parseFilterSpec('max-1200x800')).to.deep.equal({ resize: { kind: 'max', width: 1200, height: 800 } });
    expect(parseFilterSpec('width-400')).to.deep.equal({ resize: { kind: 'width', width: 400 } });
    expect(parseFilterSpec('original')).to.deep.equal({});
    for (const format of ['webp', 'avif', 'jpeg', 'png'] as const) expect(parseFilterSpec(`format-${format}`)).to.deep.equal({ format });
    expect(parseFilterSpec('width-400|format-jpeg|jpegquality-60|webpquality-70|avifquality-40')).to.deep.equal({
      resize: { kind: 'width', width: 400 },
      format: 'jpeg',
      jpegQuality: 60,
      webpQuality: 70,
      avifQuality: 40,
    });
  });

  it('writes equivalent specs the same way, so they share a rendition', () => {
    expect(formatFilterSpec(parseFilterSpec('format-webp|fill-800x600-c0'))).to.equal('fill-800x600|format-webp');
    expect(formatFilterSpec(parseFilterSpec('webpquality-70|width-400'))).to.equal('width-400|webpquality-70');
    expect(formatFilterSpec(parseFilterSpec('fill-80x60-c50'))).to.equal('fill-80x60-c50');
    expect(formatFilterSpec({})).to.equal('original');
  });

  it('refuses malformed specs with a message naming the spec and the reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['', /1 to 255 characters/],
      ['crop-100x100', /unknown operation "crop-100x100"/],
      ['fill-800', /WIDTHxHEIGHT/],
      ['fill-0x600', /at least 1/],
      ['width-99999', /at most 4000/],
      ['width-12.5', /whole number/],
      ['fill-800x600-c101', /at most c100/],
      ['fill-800x600-z5', /crop closeness/],
      ['format-tiff', /expected one of jpeg, png, webp, avif/],
      ['jpegquality-0', /at least 1/],
      ['webpquality-101', /at most 100/],
      ['width-400|max-100x100', /only one of fill, max and width/],
      ['format-webp|format-avif', /repeats an earlier operation/],
      ['width-400|', /unknown operation ""/],
      ['toString', /unknown operation/],
    ];
    for (const [spec, reason] of cases) {
      const error = refusal(spec);
      expect(error.message, spec).to.include(`Invalid image filter spec ${JSON.stringify(spec)}`);
      expect(error.message, spec).to.match(reason);
      expect(error.status).to.equal(400);
    }
  });
});

describe('fill cropping', () => {
  const source = { width: 400, height: 200 };

  it('takes the largest centred region of the target shape when there is no focal point', () => {
    expect(fillCropRect(source, { width: 100, height: 100 })).to.deep.equal({ left: 100, top: 0, width: 200, height: 200 });
    expect(fillCropRect(source, { width: 400, height: 100 })).to.deep.equal({ left: 0, top: 50, width: 400, height: 100 });
  });

  it('centres on the focal point, clamped to the image edges', () => {
    const right = { x: 350, y: 100, width: 20, height: 20 };
    expect(fillCropRect(source, { width: 100, height: 100 }, right)).to.deep.equal({ left: 200, top: 0, width: 200, height: 200 });
    const middleRight = { x: 260, y: 100, width: 20, height: 20 };
    expect(fillCropRect(source, { width: 100, height: 100 }, middleRight)).to.deep.equal({ left: 160, top: 0, width: 200, height: 200 });
    const top = { x: 200, y: 10, width: 20, height: 20 };
    expect(fillCropRect(source, { width: 400, height: 100 }, top)).to.deep.equal({ left: 0, top: 0, width: 400, height: 100 });
  });

  it('zooms towards the focal point with crop closeness, but never below the target size', () => {
    const focalPoint = { x: 350, y: 100, width: 40, height: 40 };
    expect(fillCropRect(source, { width: 100, height: 100, closeness: 100 }, focalPoint)).to.deep.equal({ left: 300, top: 50, width: 100, height: 100 });
    expect(fillCropRect(source, { width: 50, height: 50, closeness: 50 }, focalPoint)).to.deep.equal({ left: 280, top: 40, width: 120, height: 120 });
    expect(fillCropRect(source, { width: 100, height: 100, closeness: 100 })).to.deep.equal({ left: 100, top: 0, width: 200, height: 200 });
  });

  it('plans output sizes without upscaling', () => {
    expect(planTransform(source, { kind: 'fill', width: 100, height: 100, closeness: 0 })).to.deep.equal({
      crop: { left: 100, top: 0, width: 200, height: 200 },
      width: 100,
      height: 100,
    });
    expect(planTransform(source, { kind: 'fill', width: 800, height: 800, closeness: 0 })).to.deep.include({ width: 200, height: 200 });
    expect(planTransform(source, { kind: 'max', width: 100, height: 100 })).to.deep.equal({ width: 100, height: 50 });
    expect(planTransform(source, { kind: 'max', width: 1000, height: 100 })).to.deep.equal({ width: 200, height: 100 });
    expect(planTransform(source, { kind: 'max', width: 1000, height: 1000 })).to.deep.equal({ width: 400, height: 200 });
    expect(planTransform(source, { kind: 'width', width: 150 })).to.deep.equal({ width: 150, height: 75 });
    expect(planTransform(source, { kind: 'width', width: 800 })).to.deep.equal({ width: 400, height: 200 });
    expect(planTransform(source, undefined)).to.deep.equal({ width: 400, height: 200 });
  });
});
