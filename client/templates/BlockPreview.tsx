import PageStreamField from '../blocks/PageStreamField';
import type { RenderedBlock } from '../blocks/types';

/** Props of the 'block preview' template: the blocks to show, already resolved by their definitions. */
export interface BlockPreviewProps {
  blocks: RenderedBlock[];
}

/**
 * Blocks alone in the site's own styles, laid out as the home page's body lays them (heroes edge
 * to edge, the others in the page container), without header and footer: the back office's block
 * preview (/wagtail/block-preview/), framed in the editor's block menu.
 */
export default function BlockPreview({ blocks }: BlockPreviewProps) {
  return (
    <main id="main-content" className="template-home block-preview">
      <PageStreamField blocks={blocks} />
    </main>
  );
}
