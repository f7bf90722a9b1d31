import { expect } from 'chai';
import { escapeHtml, serializeForScript } from '../../server/render';

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
});
