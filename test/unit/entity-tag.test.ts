import { expect } from 'chai';
import { weakEntityTag } from '../../server/entity-tag';

describe('weakEntityTag', () => {
  const page = Buffer.from('<!doctype html><title>Red Harbor – Portland</title>'.repeat(300));

  it('gives the same bytes the same weak tag, whichever buffer holds them', () => {
    const tag = weakEntityTag(page);
    expect(tag).to.match(/^W\/"[0-9a-z]+-[0-9a-z]+"$/);
    expect(weakEntityTag(Buffer.from(page))).to.equal(tag);
  });

  it('gives a changed body another tag: one byte changed, one byte added, one taken away', () => {
    const changed = Buffer.from(page);
    changed[page.length - 9] = 'X'.charCodeAt(0);
    const tags = [page, changed, Buffer.concat([page, Buffer.from(' ')]), page.subarray(1)].map(weakEntityTag);
    expect(new Set(tags).size).to.equal(4);
  });
});
