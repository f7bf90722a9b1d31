import type { Alignment } from './types';

/** Props of the heading block. */
export interface HeadingProps {
  text: string;
  level: 'h2' | 'h3' | 'h4';
  alignment: Alignment;
}

/** A section heading inside a page body. */
export default function Heading({ text, level, alignment }: HeadingProps) {
  const Tag = level;
  return <Tag className={`block-heading block-heading--${level} align-${alignment}`}>{text}</Tag>;
}
