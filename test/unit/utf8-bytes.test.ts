import { expect } from 'chai';
import { utf8Between, utf8Bytes } from '../../server/utf8-bytes';

describe('a page as UTF-8 bytes', () => {
  const texts: Array<[string, string]> = [
    ['ASCII', '<p>Fresh catch, every day</p>'],
    ['Latin-1', '<p>Crème brûlée © Red Harbor</p>'],
    ['typographic punctuation', '<p>Today’s catch – wood-grilled</p>'],
    ['a character outside the BMP', '<p>Lobster 🦞 night</p>'],
    ['lone surrogates', 'before \ud800 between \udc00 after \ud83e'],
    ['an empty page', ''],
    ['a page larger than the first buffer', `<p>${'Harbor’s '.repeat(20_000)}</p>`],
    ['a page too large to encode in the kept buffer', `<p>${'Harbor’s '.repeat(50_000)}</p>`],
  ];
  for (const [name, text] of texts) {
    it(`gives the bytes Buffer.from gives: ${name}`, () => {
      expect(utf8Bytes(text).equals(Buffer.from(text, 'utf8'))).to.equal(true);
    });

    it(`gives the bytes Buffer.concat gives between other bytes: ${name}`, () => {
      const [before, after] = [[Buffer.from('<html>'), Buffer.from('<body>')], [Buffer.from('</body></html>’', 'utf8')]];
      expect(utf8Between(before, text, after).equals(Buffer.concat([...before, Buffer.from(text, 'utf8'), ...after]))).to.equal(true);
    });
  }

  it('keeps each page its own bytes when the next one is encoded', () => {
    const first = utf8Bytes('<p>Today’s chowder</p>');
    utf8Bytes('<p>Tomorrow’s oysters and more besides</p>');
    expect(first.toString('utf8')).to.equal('<p>Today’s chowder</p>');
  });
});
