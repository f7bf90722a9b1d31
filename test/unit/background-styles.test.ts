import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { BACKGROUND_STYLES, backgroundClassName, isBackgroundStyle } from '../../client/lib/background-styles';

const css = readFileSync('static/css/backgrounds.css', 'utf8');
const artwork = (style: string) => `static/images/backgrounds/${style}.svg`;

/** The declarations of the top-level rule whose selector is exactly `.className`. */
function ruleBody(className: string): string | undefined {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selector, body] of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (selector?.trim() === `.${className}`) return body;
  }
  return undefined;
}

describe('background styles', () => {
  it('lists the six styles of SPEC §1 in order', () => {
    expect(BACKGROUND_STYLES).to.deep.equal(['wood-texture', 'lighthouse', 'faded-shoreline', 'military-monday', 'lobster', 'blue-chill']);
  });

  it('names each style bg-{style}', () => {
    expect(backgroundClassName('military-monday')).to.equal('bg-military-monday');
  });

  it('recognises stored style names and refuses others', () => {
    expect(isBackgroundStyle('lobster')).to.equal(true);
    expect(isBackgroundStyle('Lobster')).to.equal(false);
    expect(isBackgroundStyle('')).to.equal(false);
  });

  for (const style of BACKGROUND_STYLES) {
    it(`paints ${style} with its artwork, a fallback colour and a text colour`, () => {
      const body = ruleBody(backgroundClassName(style));
      expect(body, `.${backgroundClassName(style)} rule`).to.be.a('string');
      expect(body).to.contain(`url('../images/backgrounds/${style}.svg')`);
      expect(body).to.match(/--bg-fill:/);
      expect(body).to.match(/--bg-ink:/);
    });

    it(`ships ${style}.svg as a small, standalone SVG`, () => {
      expect(existsSync(artwork(style)), artwork(style)).to.equal(true);
      const svg = readFileSync(artwork(style), 'utf8');
      expect(svg).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="[\d. ]+"/);
      expect(svg.trimEnd()).to.match(/<\/svg>$/);
      expect(Buffer.byteLength(svg)).to.be.below(20_000);
      // Background images cannot load anything else, so everything must be inline.
      expect(svg).to.not.match(/(?:href|src)="(?!#)/);
    });
  }

  it('starts the sheet with the icon styles it bundles', () => {
    expect(css.startsWith("@import './icons.css';")).to.equal(true);
  });
});
