import { expect } from 'chai';
import { isHostAllowed, parseHost } from '../../server/request-host';

describe('Host header parsing and allowed hosts', () => {
  it('splits a valid Host into a lowercase hostname and a port', () => {
    expect(parseHost('WWW.Example.com')).to.deep.equal({ hostname: 'www.example.com', port: undefined });
    expect(parseHost('www.example.com.:8080')).to.deep.equal({ hostname: 'www.example.com', port: 8080 });
    expect(parseHost('127.0.0.1:65535')).to.deep.equal({ hostname: '127.0.0.1', port: 65535 });
    expect(parseHost('[::1]:8000')).to.deep.equal({ hostname: '[::1]', port: 8000 });
  });

  it('answers a Host seen before as the first time, past the number of values it remembers', () => {
    for (let round = 0; round < 2; round += 1) {
      for (let index = 0; index < 600; index += 1) {
        expect(parseHost(`Shop${index}.Example.com:${8000 + index}`)).to.deep.equal({ hostname: `shop${index}.example.com`, port: 8000 + index });
        expect(parseHost(`shop${index}.example.com:0`)).to.equal(undefined);
      }
    }
  });

  for (const value of [
    undefined,
    '',
    'localhost:abc',
    'localhost:0',
    'localhost:65536',
    'localhost:8000:8000',
    '[::1',
    'a b',
    'evil.example/path',
    'a_b.example',
    'user@host',
    '999.999.999.999',
    'xn--a',
    '[1:2]',
  ]) {
    it(`refuses the Host ${JSON.stringify(value)}`, () => {
      expect(parseHost(value)).to.equal(undefined);
    });
  }

  it("matches Django's ALLOWED_HOSTS patterns", () => {
    const patterns = ['www.example.com', '.example.net', '127.0.0.1'];
    for (const hostname of ['www.example.com', 'example.net', 'shop.example.net', 'a.b.example.net', '127.0.0.1']) {
      expect(isHostAllowed(hostname, patterns), hostname).to.equal(true);
    }
    for (const hostname of ['example.com', 'evilexample.net', 'www.example.com.evil.test', '127.0.0.2']) {
      expect(isHostAllowed(hostname, patterns), hostname).to.equal(false);
    }
    expect(isHostAllowed('anything.test', ['*'])).to.equal(true);
    expect(isHostAllowed('localhost', [])).to.equal(false);
  });
});
