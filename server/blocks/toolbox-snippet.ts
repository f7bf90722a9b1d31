import { z } from 'zod';
import type { ToolboxSnippetProps } from '../../client/blocks/ToolboxSnippet';
import { getSnippet } from '../models/snippets/store';
import { resolveStream } from './stream';
import { defineBlock } from './types';

/** A toolbox snippet, by id (snippets › toolbox snippets). */
const toolboxSnippetRefSchema = z
  .number()
  .int()
  .positive()
  .meta({ widget: 'toolbox_snippet', label: 'Snippet', help_text: 'The toolbox snippet whose content shows here; editing the snippet changes every page using it.' });

/**
 * A toolbox snippet's blocks, shown in place: reusable copy (an allergy notice, say) kept once
 * in the snippets and shown wherever a page places it. A snippet that is gone, or that would
 * show itself again through its own blocks, shows nothing.
 */
export const toolboxSnippetBlock = defineBlock({
  type: 'toolbox_snippet',
  label: 'Toolbox snippet',
  schema: z.object({ snippet: toolboxSnippetRefSchema }),
  toProps: async (value, context): Promise<ToolboxSnippetProps> => {
    const around = context.toolboxSnippets ?? [];
    if (around.includes(value.snippet)) {
      context.logger.warn({ reference: `toolbox snippet ${value.snippet}` }, 'A toolbox snippet that contains itself is shown once');
      return { content: [] };
    }
    const snippet = await getSnippet(context.db, 'toolbox_snippet', value.snippet);
    if (!snippet) {
      context.logger.warn({ reference: `toolbox snippet ${value.snippet}` }, 'A toolbox snippet block refers to a snippet that no longer exists');
      return { content: [] };
    }
    return { content: await resolveStream(snippet.fields.body, { ...context, toolboxSnippets: [...around, snippet.id] }) };
  },
});
