/** The hint a collapsed block shows: the first words of its first filled text field. */
import type { FieldKind, FieldNode } from './schemas';

const SUMMARY_LENGTH = 80;
const SUMMARY_SOURCE_LENGTH = 2_000;

/** The kinds of field a summary may be taken from. */
export const SUMMARY_KINDS = new Set<FieldKind>(['text', 'textarea', 'rich_text']);

/** The first words a block shows (its first filled text field), tags stripped: a collapsed block's hint. */
export function summaryOf(value: unknown, fields: readonly FieldNode[]): string {
  if (typeof value !== 'object' || value === null) return '';
  for (const field of fields) {
    const content = (value as Record<string, unknown>)[field.name];
    if (typeof content !== 'string' || content.trim() === '') continue;
    const text = field.kind === 'rich_text' ? plainText(content) : content.replace(/\s+/g, ' ').trim();
    if (text) return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
  }
  return '';
}

// Rich text as words: block ends become spaces, inline tags vanish, entities decode. DOMParser
// documents run no scripts and load nothing, so editor HTML is safe to read this way.
function plainText(html: string): string {
  // The summary shows 80 characters; reading a long body whole on each keystroke would be waste.
  const spaced = html.slice(0, SUMMARY_SOURCE_LENGTH).replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
