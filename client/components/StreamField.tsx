import { createElement, type ComponentType } from 'react';
import type { RenderedBlock } from '../blocks/types';
import { useBlockComponents } from '../lib/block-components';

/** Props of StreamField: the resolved blocks and an extra class for the wrapper. */
export interface StreamFieldProps {
  blocks: RenderedBlock[];
  className?: string;
}

/** Renders a page body: each block by the component provided for its type (BlockComponentsProvider). */
export default function StreamField({ blocks, className }: StreamFieldProps) {
  const components = useBlockComponents();
  return (
    <div className={className ? `stream-field ${className}` : 'stream-field'}>
      {blocks.map((block) => {
        const component = components[block.type] as ComponentType<Record<string, unknown>> | undefined;
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
