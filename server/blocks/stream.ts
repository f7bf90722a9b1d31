import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RenderedBlock } from '../../client/blocks/types';
import { keepHeadingOutline } from './heading-outline';
import type { BlockContext } from './types';

/** The stored shape of a StreamField: `[{type, value, id}]`. */
export const streamFieldSchema = z
  .array(z.object({ type: z.string(), value: z.unknown(), id: z.string().default(() => randomUUID()) }))
  .default([])
  .meta({ widget: 'stream' });

/** A StreamField as stored. */
export type StreamValue = z.output<typeof streamFieldSchema>;

/**
 * Turns a stored StreamField into component props, each block by its definition in
 * `context.blocks`. A block of an unknown type or with a value
 * its schema refuses is left out and logged, so one bad block never takes the page down; heading
 * blocks are kept in outline order.
 */
export async function resolveStream(stream: StreamValue, context: BlockContext): Promise<RenderedBlock[]> {
  const rendered = await Promise.all(
    stream.map(async (block): Promise<RenderedBlock | null> => {
      const definition = context.blocks[block.type];
      if (!definition) {
        context.logger.warn({ blockType: block.type, blockId: block.id }, 'Unknown block type left out');
        return null;
      }
      const value = definition.schema.safeParse(block.value);
      if (!value.success) {
        context.logger.warn({ blockType: block.type, blockId: block.id, issues: value.error.issues }, 'Invalid block value left out');
        return null;
      }
      const props = (await definition.toProps(value.data, context)) as Record<string, unknown>;
      return { type: block.type, id: block.id, props };
    }),
  );
  return keepHeadingOutline(rendered.filter((block): block is RenderedBlock => block !== null));
}
