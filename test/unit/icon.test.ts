import { expect } from 'chai';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import Icon, { ICON_NAMES, isIconName, type IconProps } from '../../client/components/Icon';

const render = (props: IconProps) => renderToString(createElement(Icon, props));

describe('Icon', () => {
  it('draws every icon of the set as an inline SVG with a non-empty path', () => {
    for (const name of ICON_NAMES) {
      const html = render({ name });
      expect(html, name).to.match(/^<svg /);
      expect(html, name).to.match(/<path [^>]*\bd="[^"]+"/);
      expect(html, name).to.contain(`class="icon icon--${name}"`);
    }
  });

  it('covers the SPEC §9 set and the footer social row, without duplicates', () => {
    const required = [
      ...['up', 'down', 'left', 'right'].flatMap((side) => [`arrow-${side}`, `caret-${side}`]),
      ...['check', 'close', 'download', 'external', 'logo', 'minus', 'pause', 'play', 'plus'],
      ...['account', 'pin', 'magnifying-glass', 'delivery', 'cart'],
      ...['twitter', 'twitter-bird', 'facebook', 'youtube', 'linkedin', 'instagram', 'tiktok', 'pinterest'],
    ];
    expect([...ICON_NAMES]).to.have.members(required);
  });

  it('is decorative by default: hidden from assistive technology and not focusable', () => {
    const html = render({ name: 'cart' });
    expect(html).to.contain('aria-hidden="true"');
    expect(html).to.contain('focusable="false"');
    expect(html).to.not.contain('role=');
    expect(html).to.not.contain('<title>');
  });

  it('with a title is an image named by that title', () => {
    const html = render({ name: 'facebook', title: 'Red Harbor on Facebook' });
    expect(html).to.contain('role="img"');
    expect(html).to.contain('<title>Red Harbor on Facebook</title>');
    expect(html).to.not.contain('aria-hidden');
  });

  it('adds the caller class, which sizes the 1em square through the font size, and no style attribute', () => {
    const html = render({ name: 'pin', className: 'popover__pin' });
    expect(html).to.contain('class="icon icon--pin popover__pin"');
    expect(html).to.contain('width="1em" height="1em"');
    // The Content-Security-Policy refuses style attributes in server-rendered HTML.
    expect(html).to.not.contain('style=');
  });

  it('renders the same markup every time, so hydration matches the server', () => {
    expect(render({ name: 'logo', title: 'Red Harbor' })).to.equal(render({ name: 'logo', title: 'Red Harbor' }));
  });

  it('shows an unknown name as a visible NO ICON NAMED marker (SPEC §8)', () => {
    const html = render({ name: 'nope' });
    expect(html).to.equal('<span class="icon-missing">NO ICON NAMED nope</span>');
  });

  it('does not take names inherited from Object for icons', () => {
    expect(isIconName('constructor')).to.equal(false);
    expect(render({ name: 'toString' })).to.equal('<span class="icon-missing">NO ICON NAMED toString</span>');
    expect(isIconName('cart')).to.equal(true);
  });
});
