import { expect } from 'chai';
import { validateStream } from '../../server/admin/stream-validation';
import { HARNESS_DEMO_VALUE } from '../../scripts/streamfield-harness-demo';
import { INVALID_VALUE } from '../support/streamfield-harness';

describe('StreamField validation for the editor', () => {
  it('finds nothing wrong with a valid body', () => {
    expect(validateStream(HARNESS_DEMO_VALUE)).to.deep.equal({});
  });

  it('reports each problem at its path, by block id, in an editor’s words', () => {
    expect(validateStream(INVALID_VALUE)).to.deep.equal({
      'bad-hero': [
        { path: ['title'], message: 'This field is required.' },
        { path: ['link_text'], message: 'a hero link needs link text' },
      ],
      'bad-accordion': [{ path: ['accordions', 0, 'hidden_content'], message: 'This field is required.' }],
      'bad-type': [{ path: [], message: 'There is no block type “retired_block”; delete this block.' }],
    });
  });

  it('checks the blocks nested in a wrapper under their own ids', () => {
    const wrapper = {
      type: 'custom_background_wrapper',
      id: 'wrapper',
      value: { background_style: 'lobster', content: [{ type: 'accordion', id: 'inner', value: { accordions: [] } }] },
    };
    expect(validateStream([wrapper])).to.deep.equal({ inner: [{ path: ['accordions'], message: 'Add at least one item.' }] });
  });
});
