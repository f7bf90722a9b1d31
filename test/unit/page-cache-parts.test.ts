import { expect } from 'chai';
import { gunzipSync } from 'node:zlib';
import type { ChannelHandlers, Listen } from '../../server/db/notifications';
import { splicedBody, type BodyPieces } from '../../server/page-cache/spliced-body';
import { watchedGeneration } from '../../server/page-cache/watched-generation';

const bytes = (body: BodyPieces) => {
  const joined = Buffer.concat(body.pieces);
  expect(joined.length).to.equal(body.length);
  return joined;
};

describe('a kept page’s body with a nonce spliced in', () => {
  const nonce = 'q1w2E3r4T5y6U7i8O9p0Zw==';
  const pages: Record<string, string[]> = {
    'a page with nonces inside': ['<!doctype html><title>Red Harbor – Lobster</title>'.repeat(200), '<script nonce="', '">hydrate()</script>'.repeat(40)],
    'a page ending at a nonce': ['<p>Chowder</p>', ''],
    'a page starting at a nonce': ['', '<p>Crab cakes</p>'],
    'a page with no nonce': ['<p>Shrimp & grits, café au lait</p>'],
  };

  for (const [name, parts] of Object.entries(pages)) {
    it(`answers ${name} plain and as gzip that unpacks to the same bytes`, () => {
      const body = splicedBody(parts);
      const expected = parts.join(nonce);
      expect(bytes(body.plain(nonce)).toString('utf8')).to.equal(expected);
      expect(gunzipSync(bytes(body.gzip(nonce))).toString('utf8')).to.equal(expected);
    });
  }

  it('compresses the page itself, and gives each response its own nonce', () => {
    const body = splicedBody(pages['a page with nonces inside']!);
    const gzipped = body.gzip(nonce);
    expect(gzipped.length).to.be.below(body.plain(nonce).length / 10);
    expect(gunzipSync(bytes(body.gzip('another-nonce'))).toString('utf8'))
      .to.include('nonce="another-nonce"')
      .and.not.include(nonce);
  });
});

/** A LISTEN stand-in that the test drives: the handlers of its one subscription. */
function fakeListen(): { listen: Listen; handlers: () => ChannelHandlers; stopped: () => boolean } {
  let subscribed: ChannelHandlers | undefined;
  let stopped = false;
  return {
    listen: (channel, handlers) => {
      expect(channel).to.equal('cache_generations');
      subscribed = handlers;
      return async () => {
        stopped = true;
      };
    },
    handlers: () => subscribed!,
    stopped: () => stopped,
  };
}

describe('a watched cache generation', () => {
  function counter(start: number) {
    const state = { value: start, reads: 0 };
    return { state, read: async () => ((state.reads += 1), String(state.value)) };
  }

  it('reads the database on every call when nothing listens', async () => {
    const { state, read } = counter(3);
    const watched = watchedGeneration('public-pages', read);
    expect(await watched.current()).to.equal('3');
    state.value = 4;
    expect(await watched.current()).to.equal('4');
    expect(state.reads).to.equal(2);
  });

  it('while subscribed, reads once and then follows the NOTIFYs of its own name', async () => {
    const { state, read } = counter(7);
    const fake = fakeListen();
    const watched = watchedGeneration('public-pages', read, fake.listen);
    fake.handlers().listening();
    expect(await watched.current()).to.equal('7');
    expect(await watched.current()).to.equal('7');
    expect(state.reads).to.equal(1);
    fake.handlers().message('redirects 50');
    fake.handlers().message('public-pages 8');
    expect(await watched.current()).to.equal('8');
    // A late, older notice does not take the generation back.
    fake.handlers().message('public-pages 6');
    expect(await watched.current()).to.equal('8');
    expect(state.reads).to.equal(1);
    await watched.stop();
    expect(fake.stopped()).to.equal(true);
  });

  it('keeps a NOTIFY heard while its first read was on its way', async () => {
    const fake = fakeListen();
    let answer: (value: string) => void = () => {};
    const watched = watchedGeneration('public-pages', () => new Promise<string>((resolve) => (answer = resolve)), fake.listen);
    fake.handlers().listening();
    const first = watched.current();
    fake.handlers().message('public-pages 12');
    answer('11');
    expect(await first).to.equal('12');
    expect(await watched.current()).to.equal('12');
  });

  it('reads on every call again once the subscription is lost, until it is back', async () => {
    const { state, read } = counter(2);
    const fake = fakeListen();
    const watched = watchedGeneration('public-pages', read, fake.listen);
    fake.handlers().listening();
    await watched.current();
    fake.handlers().lost();
    // Changes made while nobody listened are seen on the next call.
    state.value = 5;
    expect(await watched.current()).to.equal('5');
    state.value = 6;
    expect(await watched.current()).to.equal('6');
    expect(state.reads).to.equal(3);
    fake.handlers().listening();
    state.value = 9;
    expect(await watched.current()).to.equal('9');
    expect(await watched.current()).to.equal('9');
    expect(state.reads).to.equal(4);
  });
});
