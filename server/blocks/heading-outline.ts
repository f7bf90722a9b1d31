import type { RenderedBlock } from '../../client/blocks/types';
import type { HeadingProps } from '../../client/blocks/Heading';

/** The page title is the h1 every body follows. */
const TITLE_RANK = 1;
const LEVEL_RANKS: Readonly<Record<HeadingProps['level'], number>> = { h2: 2, h3: 3, h4: 4 };
const RANK_LEVELS: Readonly<Record<number, HeadingProps['level']>> = { 2: 'h2', 3: 'h3', 4: 'h4' };

/**
 * Keeps a body's heading blocks in outline order: a heading is at most one level below the one
 * before it (the page's h1 first), so an editor's 'Heading 3' straight under the title becomes
 * an h2 that still looks like a heading 3. Screen readers and checkers (axe heading-order) then
 * find no skipped level.
 */
export function keepHeadingOutline(blocks: readonly RenderedBlock[]): RenderedBlock[] {
  let previous = TITLE_RANK;
  return blocks.map((block) => {
    if (block.type !== 'heading') return block;
    const props = block.props as unknown as HeadingProps;
    const rank = Math.min(LEVEL_RANKS[props.level], previous + 1);
    previous = rank;
    return { ...block, props: { ...block.props, level: RANK_LEVELS[rank]! } };
  });
}
