import { pino } from 'pino';
import { BLOCKS } from '../../server/blocks/index';
import type { BlockContext } from '../../server/blocks/types';
import { isIndexablePageType } from '../../server/pagetypes/indexable';

/** A block context as a public page render builds it (every block type, the page types' indexability), with a silent logger. */
export function testBlockContext(fields: Pick<BlockContext, 'db' | 'storage' | 'siteRoot'>): BlockContext {
  return { ...fields, logger: pino({ level: 'silent' }), blocks: BLOCKS, isIndexableType: isIndexablePageType };
}
