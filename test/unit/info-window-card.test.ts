import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { InfoWindowCard } from '../../client/components/locations-map/InfoWindowCard';

describe('built-in map info window', () => {
  const render = (anchor: { x: number; y: number } | null) =>
    renderToStaticMarkup(
      createElement(InfoWindowCard, { anchor, offsetY: 42, label: 'Restaurant details', onClose: () => undefined, children: () => createElement('p', null, 'Inside') }),
    );

  it('is a labelled, non-modal card above its anchor with a close button', () => {
    const html = render({ x: 120, y: 300 });
    expect(html).to.include('role="dialog"');
    expect(html).to.include('aria-label="Restaurant details"');
    expect(html).to.not.include('aria-modal');
    expect(html).to.include('left:120px;top:258px');
    expect(html).to.include('aria-label="Close"');
    expect(html).to.include('<p>Inside</p>');
  });

  it('warns the developer and shows nothing without an anchor or position', () => {
    const warnings: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(render(null)).to.equal('');
      expect(render({ x: Number.NaN, y: 4 })).to.equal('');
    } finally {
      console.warn = original;
    }
    expect(warnings).to.have.length(2);
    expect(String(warnings[0]![0])).to.include('no anchor or position');
  });
});
