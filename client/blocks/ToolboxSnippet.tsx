import StreamField from '../components/StreamField';
import type { RenderedBlock } from './types';

/** Props of the toolbox snippet block: the snippet's blocks, ready to render. */
export interface ToolboxSnippetProps {
  content: RenderedBlock[];
}

/** A toolbox snippet's blocks in place; nothing when the snippet is gone. */
export default function ToolboxSnippet({ content }: ToolboxSnippetProps) {
  if (content.length === 0) return null;
  return <StreamField blocks={content} className="toolbox-snippet" />;
}
