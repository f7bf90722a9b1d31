import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ResponsiveImage, { type ResponsiveImageProps } from '../../client/components/ResponsiveImage';

const render = (props: ResponsiveImageProps) => renderToStaticMarkup(createElement(ResponsiveImage, props));

describe('ResponsiveImage', () => {
  const base = { src: '/media/images/1-aaaaaaaaaaaaaaaa.jpg', width: 800, height: 600, alt: 'Steamed lobster' };

  it('renders an img with its size, srcset and sizes, loading lazily and decoding async', () => {
    const html = render({ ...base, srcSet: '/media/images/1-bbbbbbbbbbbbbbbb.webp 400w, /media/images/1-cccccccccccccccc.webp 800w', sizes: '(min-width: 800px) 50vw, 100vw' });
    expect(html).to.match(/^<img [^>]*\/>$/);
    expect(html).to.include('src="/media/images/1-aaaaaaaaaaaaaaaa.jpg"');
    expect(html).to.include('width="800"');
    expect(html).to.include('height="600"');
    expect(html).to.include('alt="Steamed lobster"');
    expect(html).to.include('srcSet="/media/images/1-bbbbbbbbbbbbbbbb.webp 400w, /media/images/1-cccccccccccccccc.webp 800w"');
    expect(html).to.include('sizes="(min-width: 800px) 50vw, 100vw"');
    expect(html).to.include('loading="lazy"');
    expect(html).to.include('decoding="async"');
  });

  it('loads eagerly when asked, keeps an empty alt, and drops sizes without a srcset', () => {
    const html = render({ ...base, alt: '', sizes: '100vw', loading: 'eager', className: 'hero__image' });
    expect(html).to.include('loading="eager"');
    expect(html).to.include('alt=""');
    expect(html).to.include('class="hero__image"');
    expect(html).to.not.include('sizes=');
    expect(html).to.not.include('srcSet=');
  });
});
