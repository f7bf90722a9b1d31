import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import Heading, { type HeadingProps } from '../../client/blocks/Heading';
import type { RenderedBlock } from '../../client/blocks/types';
import { keepHeadingOutline } from '../../server/blocks/heading-outline';

const heading = (id: string, level: HeadingProps['level']): RenderedBlock => ({
  type: 'heading',
  id,
  props: { text: id, level, look: level, alignment: 'left' },
});
const text = (id: string): RenderedBlock => ({ type: 'rich_text', id, props: { html: '<p>x</p>' } });

describe('heading outline of a body', () => {
  it('moves a heading that skips a level up to one below the heading before it, keeping its look', () => {
    const blocks = keepHeadingOutline([text('intro'), heading('a', 'h3'), heading('b', 'h4'), heading('c', 'h2'), heading('d', 'h4')]);
    const levels = blocks.filter((block) => block.type === 'heading').map((block) => [block.id, block.props.level, block.props.look]);
    expect(levels).to.deep.equal([
      ['a', 'h2', 'h3'],
      ['b', 'h3', 'h4'],
      ['c', 'h2', 'h2'],
      ['d', 'h3', 'h4'],
    ]);
    const html = renderToStaticMarkup(createElement(Heading, blocks[1]!.props as unknown as HeadingProps));
    expect(html).to.equal('<h2 class="block-heading block-heading--h3 align-left">a</h2>');
  });

  it('leaves an outline without skips as the editor made it', () => {
    const blocks = [heading('a', 'h2'), heading('b', 'h3'), heading('c', 'h3'), heading('d', 'h2')];
    expect(keepHeadingOutline(blocks)).to.deep.equal(blocks);
  });
});
