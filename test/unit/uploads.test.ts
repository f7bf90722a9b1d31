import { expect } from 'chai';
import { normaliseFilename } from '../../server/uploads';

describe('upload file names', () => {
  it('keeps only the last segment of a client path', () => {
    expect(normaliseFilename('C:\\Users\\sam\\Pictures\\lobster plate.jpg')).to.equal('lobster plate.jpg');
    expect(normaliseFilename('../../etc/passwd')).to.equal('passwd');
    expect(normaliseFilename('/var/www/menu.pdf')).to.equal('menu.pdf');
    expect(normaliseFilename('menus/')).to.equal('');
  });

  it('drops NUL, control and format characters, and characters Windows refuses', () => {
    expect(normaliseFilename('menu\u0000.pdf')).to.equal('menu.pdf');
    expect(normaliseFilename('bell\u0007\u001b[31m.png')).to.equal('bell[31m.png');
    expect(normaliseFilename('line\r\nbreak.txt')).to.equal('linebreak.txt');
    expect(normaliseFilename('a"b<c>d:e|f?g*h.txt')).to.equal('abcdefgh.txt');
    expect(normaliseFilename('zero\u200bwidth\ufeff.png')).to.equal('zerowidth.png');
    expect(normaliseFilename('lone\ud800surrogate.png')).to.equal('lonesurrogate.png');
  });

  it('removes right-to-left overrides that disguise an extension', () => {
    // Displayed as "invoiceexe.pdf", though the name ends in .exe.
    expect(normaliseFilename('invoice\u202Efdp.exe')).to.equal('invoicefdp.exe');
    expect(normaliseFilename('photo\u2067gpj.\u2069bat')).to.equal('photogpj.bat');
  });

  it('strips leading dots and spaces so no hidden or relative name is made', () => {
    expect(normaliseFilename('.htaccess')).to.equal('htaccess');
    expect(normaliseFilename('...  .env')).to.equal('env');
    expect(normaliseFilename('..')).to.equal('');
    expect(normaliseFilename('  wine   list .pdf  ')).to.equal('wine list .pdf');
  });

  it('shortens very long names to 255 characters, keeping the extension', () => {
    const long = normaliseFilename(`${'a'.repeat(300)}.jpeg`);
    expect(long).to.have.length(255);
    expect(long.endsWith('aaa.jpeg')).to.equal(true);
    const emoji = normaliseFilename(`${'🦞'.repeat(300)}.png`);
    expect(Array.from(emoji)).to.have.length(255);
    expect(emoji.endsWith('🦞.png')).to.equal(true);
    expect(/\p{Cs}/u.test(emoji)).to.equal(false);
    // An "extension" too long to be one is cut like the rest.
    expect(normaliseFilename(`menu.${'x'.repeat(300)}`)).to.have.length(255);
  });

  it('composes Unicode to NFC, so one name is stored one way', () => {
    const decomposed = 'cafe\u0301 menu.pdf';
    expect(normaliseFilename(decomposed)).to.equal('caf\u00e9 menu.pdf');
    expect(normaliseFilename(decomposed)).to.equal(normaliseFilename('café menu.pdf'.normalize('NFD')));
  });
});
