import { expect } from 'chai';
import type { ChannelHandlers, Listen } from '../../server/db/notifications';
import { createPageCache } from '../../server/page-cache/page-cache';
import { watchedGeneration } from '../../server/page-cache/watched-generation';

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
    expect(watched.known()).to.equal(undefined);
  });

  it('while subscribed, reads once and then follows the NOTIFYs of its own name', async () => {
    const { state, read } = counter(7);
    const fake = fakeListen();
    const watched = watchedGeneration('public-pages', read, fake.listen);
    fake.handlers().listening();
    expect(watched.known()).to.equal(undefined);
    expect(await watched.current()).to.equal('7');
    expect(watched.known()).to.equal('7');
    expect(await watched.current()).to.equal('7');
    expect(state.reads).to.equal(1);
    fake.handlers().message('redirects 50');
    fake.handlers().message('public-pages 8');
    expect(watched.known()).to.equal('8');
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
    expect(watched.known()).to.equal(undefined);
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

describe('values computed once per public-pages generation', () => {
  const cache = createPageCache({
    clock: () => new Date('2026-06-01T15:00:00Z'),
    generation: { current: async () => '7', known: () => undefined, stop: async () => {} },
    ttlSeconds: 60,
    maxChars: 1000,
    sendPrepared: () => {},
  });
  const locals = (): Record<string, unknown> => ({});

  /** A computation that finishes only when told to, counting how often it was started. */
  function heldComputation() {
    const started: ((value: string) => void)[] = [];
    const compute = () => new Promise<string>((resolve) => started.push(resolve));
    return { compute, started };
  }

  it('shares a value while it is being computed, with every request asking meanwhile', async () => {
    const { compute, started } = heldComputation();
    const views = [cache.perGeneration(locals(), 'chrome:1', compute), cache.perGeneration(locals(), 'chrome:1', compute)];
    await new Promise((resolve) => setImmediate(resolve));
    started.forEach((resolve) => resolve('header and footer'));
    expect(await Promise.all(views)).to.deep.equal(['header and footer', 'header and footer']);
    expect(started).to.have.length(1);
  });

  it('shares a value `keep` must approve only once approved, and never one it refuses', async () => {
    const { compute, started } = heldComputation();
    const notAForm = (value: string) => !value.startsWith('form');
    const ask = (key: string) => cache.perGeneration(locals(), key, compute, { keep: notAForm });
    // Two requests at once for a page with a form: each gets a challenge of its own.
    const both = [ask('page 1'), ask('page 1')];
    await new Promise((resolve) => setImmediate(resolve));
    started.forEach((resolve, index) => resolve(`form with challenge ${index}`));
    expect(await Promise.all(both)).to.deep.equal(['form with challenge 0', 'form with challenge 1']);
    const again = ask('page 1');
    await new Promise((resolve) => setImmediate(resolve));
    started[2]!('form with challenge 2');
    expect(await again).to.equal('form with challenge 2');
    // A value it approves is shared from then on.
    const first = ask('page 2');
    await new Promise((resolve) => setImmediate(resolve));
    started[3]!('press releases');
    await first;
    expect(await ask('page 2')).to.equal('press releases');
    expect(started).to.have.length(4);
  });
});
