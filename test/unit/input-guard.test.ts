import { expect } from 'chai';
import { DEPTH_REFUSAL, holdsNul, inputRefusal, MAX_BODY_DEPTH, NUL_REFUSAL } from '../../server/input-guard';

/** A value nested `depth` levels: arrays in arrays around a string. */
function nested(depth: number, leaf = 'lobster'): unknown {
  let value: unknown = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe('inputRefusal', () => {
  it('passes ordinary form and API bodies', () => {
    expect(inputRefusal({ name: 'Editors', 'pp-0-perm': ['add', 'change'], nested: { party: { size: 4 } } })).to.equal(undefined);
    expect(inputRefusal(nested(MAX_BODY_DEPTH))).to.equal(undefined);
  });

  it('refuses a NUL in a string or a key, at any depth', () => {
    expect(inputRefusal({ email: 'a\u0000@example.com' })).to.equal(NUL_REFUSAL);
    expect(inputRefusal({ ['na\u0000me']: 'x' })).to.equal(NUL_REFUSAL);
    expect(inputRefusal(nested(20, 'a\u0000b'))).to.equal(NUL_REFUSAL);
    expect(holdsNul(nested(20, 'a\u0000b'))).to.equal(true);
    expect(holdsNul(nested(20))).to.equal(false);
  });

  it('refuses a body nested past the limit without overflowing the stack', () => {
    expect(inputRefusal(nested(MAX_BODY_DEPTH + 1))).to.equal(DEPTH_REFUSAL);
    // JSON.parse of a 100 kB body can nest 50,000 levels; Number() of it overflows the stack.
    expect(inputRefusal(JSON.parse('['.repeat(50_000) + ']'.repeat(50_000)))).to.equal(DEPTH_REFUSAL);
  });
});
