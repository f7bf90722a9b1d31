import { expect } from 'chai';
import type { PreloadedData, SiteChrome } from '../../client/lib/page-data';
import { escapeHtml, preloadedScriptJson, serializeForScript } from '../../server/render';

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

  it('serializes a page’s preloaded data whole and safe, its shared parts once per object and never stale', () => {
    const site = { brandName: 'Red Harbor </script>', tagline: 'Fresh & local' } as unknown as SiteChrome;
    const page = (props: Record<string, unknown>, url: string): PreloadedData => ({
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
      expect(JSON.parse(json)).to.deep.equal(preloaded);
    }
    const changed = page({ releases: [] }, 'https://redharbor.example/press/');
    expect(JSON.parse(Buffer.concat(preloadedScriptJson(changed)).toString())).to.deep.equal(changed);
  });
});
