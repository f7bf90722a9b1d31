import type { Alignment } from './types';

/** Props of the heading block. */
export interface HeadingProps {
  text: string;
  /** The element: its place in the page outline, at most one below the heading before it. */
  level: 'h2' | 'h3' | 'h4';
  /** The size the editor chose, kept when the outline moves the element up a level. */
  look: 'h2' | 'h3' | 'h4';
  alignment: Alignment;
}

/** A section heading inside a page body. */
export default function Heading({ text, level, look, alignment }: HeadingProps) {
  const Tag = level;
  return <Tag className={`block-heading block-heading--${look} align-${alignment}`}>{text}</Tag>;
}
