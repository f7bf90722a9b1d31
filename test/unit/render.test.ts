import { expect } from 'chai';
import type { PageData, PreloadedData, SiteChrome } from '../../client/lib/page-data';
import { escapeHtml, isSiteChromeVersion, preloadedScriptJson, serializeForScript, siteChromeFile } from '../../server/render';

describe('rendering helpers', () => {
  it('serializes JSON that cannot close or alter its script element', () => {
    const value = { text: '</script><script>alert(1)</script>', comment: '<!-- x -->', amp: 'a & b', separators: '\u2028\u2029' };
    const serialized = serializeForScript(value);
    expect(serialized).to.not.match(/[<>&\u2028\u2029]/);
    expect(JSON.parse(serialized)).to.deep.equal(value);
  });

  it('escapes text for attributes and element bodies', () => {
    expect(escapeHtml(`"Fish" & <Chips> 'n'`)).to.equal('&quot;Fish&quot; &amp; &lt;Chips&gt; &#39;n&#39;');
  });

  /** What the browser finds in the page for `page`: its data less the site's chrome, which it is told where to fetch. */
  const preloadedOf = ({ context: { site, ...context }, ...page }: PageData): PreloadedData => ({ ...page, context, siteChrome: siteChromeFile(site).path });

  it('serializes a page’s preloaded data whole and safe, its shared parts once per object and never stale', () => {
    const site = { brandName: 'Red Harbor </script>', tagline: 'Fresh & local' } as unknown as SiteChrome;
    const page = (props: Record<string, unknown>, url: string): PageData => ({
      template: 'press release list',
      layout: 'page',
      props,
      context: {
        SENTRY_DSN: null,
        CI_COMMIT_SHA: 'abc',
        CI_COMMIT_REF_SLUG: 'main',
        i18n: { language: { code: 'en-US' }, catalog: {} },
        csrf_token: '',
        request: { url },
        site,
      },
    });
    const props = { releases: [{ title: 'Lobster <!-- season -->\u2028opens' }] };
    const first = page(props, 'https://redharbor.example/press/');
    const second = page(props, 'https://redharbor.example/press/?page=2');
    for (const preloaded of [first, second]) {
      const json = Buffer.concat(preloadedScriptJson(preloaded)).toString();
      expect(json).to.not.match(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).to.deep.equal(preloadedOf(preloaded));
    }
    const changed = page({ releases: [] }, 'https://redharbor.example/press/');
    expect(JSON.parse(Buffer.concat(preloadedScriptJson(changed)).toString())).to.deep.equal(preloadedOf(changed));
  });

  it('names a site’s chrome by its content: another chrome, another file; the same content, the same file', () => {
    const chrome = (brandName: string) => ({ brandName, tagline: '</script> & more', menu: [] }) as unknown as SiteChrome;
    const file = siteChromeFile(chrome('Red Harbor'));
    expect(file.path).to.equal(`/site-chrome/${file.version}.json`);
    expect(isSiteChromeVersion(file.version)).to.equal(true);
    expect(JSON.parse(file.body.toString())).to.deep.equal(chrome('Red Harbor'));
    expect(file.body.toString()).to.not.match(/[<>&]/);
    expect(file.preloadLink.toString()).to.equal(`<link rel="preload" href="${file.path}" as="fetch" crossorigin fetchpriority="low">\n`);
    expect(siteChromeFile(chrome('Red Harbor')).version).to.equal(file.version);
    expect(siteChromeFile(chrome('Blue Harbor')).version).to.not.equal(file.version);
  });

  it('knows a chrome version from any other file name', () => {
    for (const name of ['', '0123456789abcde', '0123456789abcdef0', '0123456789ABCDEF', '../../etc/passw', '0123456789abcdeg']) {
      expect(isSiteChromeVersion(name), name).to.equal(false);
    }
    expect(isSiteChromeVersion('0123456789abcdef')).to.equal(true);
  });
});
