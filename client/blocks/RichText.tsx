import type { Alignment } from './types';

/** Props of the rich text block; `html` is sanitized by the server. */
export interface RichTextProps {
  html: string;
  alignment: Alignment;
}

/** Editor-written formatted text. */
export default function RichText({ html, alignment }: RichTextProps) {
  return <div className={`block-rich-text rich-text align-${alignment}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
