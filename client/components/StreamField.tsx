import { createElement, type ComponentType } from 'react';
import { BLOCK_COMPONENTS } from '../blocks/index';
import type { RenderedBlock } from '../blocks/types';

/** Renders a page body: each block by the component registered for its type. */
export default function StreamField({ blocks, className }: { blocks: RenderedBlock[]; className?: string }) {
  return (
    <div className={className ? `stream-field ${className}` : 'stream-field'}>
      {blocks.map((block) => {
        const component = BLOCK_COMPONENTS[block.type] as ComponentType<Record<string, unknown>> | undefined;
        if (!component) return null;
        return (
          <div key={block.id} className={`block block--${block.type.replace(/_/g, '-')}`}>
            {createElement(component, block.props)}
          </div>
        );
      })}
    </div>
  );
}
