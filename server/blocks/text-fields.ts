import { z } from 'zod';

// Longest rich text one field stores: far beyond any real run of paragraphs, short of abuse.
const RICH_TEXT_MAX_LENGTH = 20_000;

/** Required editor-written HTML (sanitized by toProps, not here, so stored content round-trips). */
export const richTextSchema = z.string().trim().min(1).max(RICH_TEXT_MAX_LENGTH).meta({ widget: 'rich_text' });

/** Optional editor-written HTML; empty means the part is left out. */
export const optionalRichTextSchema = z.string().trim().max(RICH_TEXT_MAX_LENGTH).default('').meta({ widget: 'rich_text' });

/** An optional one-line heading; empty means none. */
export const optionalHeadingSchema = z.string().trim().max(255).default('');
